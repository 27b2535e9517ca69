import ExhibitKit
import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@Suite(TeamCatalogue.sqliteOnly) struct WorkspaceCommandTests {
  @Test func everyCommandSaysItCannotReachAPostgresCatalogueWithoutItsPassword() throws {
    let workspace = try CLIWorkspace()
    // Every command runs there: each says why it cannot reach it, without the password.
    workspace.environment["EXHIBIT_DB"] = "postgres://exhibit:hunter2@127.0.0.1:1/exhibit"
    for arguments in [
      ["criteria", "list"], ["criteria", "import", "Criteria"], ["search", "checkbox"],
      ["recordings", "list"], ["catalog", "Media"],
      ["link", "Media/x.webm", "native/checkbox#a", "--verdict", "pass"],
      ["coverage", "native/checkbox"], ["audit", "list"], ["product", "list"], ["suggest"], ["history"],
      ["show", "native/checkbox"], ["acr", "draft"], ["wcag", "list"], ["wcag", "check"],
      ["bundle", "native/checkbox", "--platform", "ios"], ["serve", "--port", "0"],
      [
        "verify",
        CLIWorkspace.repository.appendingPathComponent(
          "Tests/ExhibitKitTests/Fixtures/bags/release-0.8.0/Acme_App-1.0-native-checkbox-ios-2026-11-22"
        ).path,
      ],
    ] {
      let unreachable = try workspace.run(arguments)
      #expect(unreachable.status == 1, "\(arguments)")
      #expect(
        unreachable.stderr.contains("postgres://exhibit@127.0.0.1:1/exhibit: cannot connect"),
        "\(unreachable.stderr)")
      #expect(!unreachable.stderr.contains("hunter2"))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("")).isEmpty)
  }

  @Test func initMakesAWorkspaceAndKeepsItTheSecondTime() throws {
    let workspace = try CLIWorkspace()
    let first = try workspace.run("init")
    #expect(first.status == 0)
    #expect(first.stdout.contains("created"))
    #expect(FileManager.default.fileExists(atPath: workspace.path("Media")))
    #expect(FileManager.default.fileExists(atPath: workspace.path("Database/exhibit.sqlite")))
    let second = try workspace.run("init", "--json")
    let report = try #require(try second.json() as? [String: Any])
    #expect(report["created_database"] as? Bool == false)
  }

  /// A choice's words are its raw values, in help, errors and parsing (`not-applicable`, not the
  /// case's name); a word that is none of them is refused, naming them all.
  @Test func choicesAreTheirWords() throws {
    let workspace = try CLIWorkspace()
    let help = try workspace.run("link", "--help")
    #expect(help.stdout.contains("pass, fail, not-applicable, untested"))
    let bad = try workspace.run("search", "x", "--platform", "beos")
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("one of 'ios', 'android', 'macos' or 'windows'"))
    let kind = try workspace.run("search", "x", "--kind", "captions", "--kind", "everything")
    #expect(kind.stderr.contains("one of 'criteria', 'captions', 'recordings', 'notes' or 'heard'"))
    let verdict = try workspace.run("link", "a.webm", "native/checkbox#x", "--verdict", "notApplicable")
    #expect(verdict.status == 64 && verdict.stderr.contains("'not-applicable'"))
  }

  @Test func aReadingCommandWithoutADatabaseSaysHowToMakeOne() throws {
    let workspace = try CLIWorkspace()
    let result = try workspace.run("criteria", "list")
    #expect(result.status != 0)
    #expect(
      result.stderr.hasPrefix(
        "exhibit: error: \(workspace.path("Database/exhibit.sqlite")): no Exhibit database"))
    #expect(result.stderr.contains("exhibit init"))
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: workspace.path("Database/exhibit.sqlite")))
  }

  @Test func theDatabaseComesFromTheOptionThenTheEnvironment() throws {
    let workspace = try CLIWorkspace()
    workspace.environment["EXHIBIT_DB"] = workspace.path("from-env.sqlite")
    try workspace.run("init")
    #expect(FileManager.default.fileExists(atPath: workspace.path("from-env.sqlite")))
    try workspace.run("init", "--db", "elsewhere/explicit.sqlite")
    #expect(FileManager.default.fileExists(atPath: workspace.path("elsewhere/explicit.sqlite")))
  }

  @Test func aDatabaseFromANewerExhibitIsRefused() throws {
    let workspace = try CLIWorkspace()
    try workspace.run("init")
    let connection = try Connection(path: workspace.path("Database/exhibit.sqlite"))
    try connection.execute("PRAGMA user_version = 999")
    try connection.close()
    let result = try workspace.run("criteria", "list")
    #expect(result.status != 0)
    #expect(result.stderr.contains("schema version 999 is newer"))
    let reopened = try Connection(path: workspace.path("Database/exhibit.sqlite"))
    #expect(try reopened.userVersion == 999)
  }
}
