import ExhibitKit
import Foundation
import Testing

/// Databases and files that are not what a command expects get a clear error naming them, and
/// are left as they were.
@Suite struct HostileFilesTests {
  static func sqlite(_ script: String, _ path: String) throws -> String {
    let result = try Python.run(
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); r = c.executescript(sys.argv[2]) if sys.argv[2] else None; "
        + "print(c.execute('PRAGMA journal_mode').fetchone()[0], sorted(n for (n,) in c.execute(\"SELECT name FROM sqlite_schema WHERE type = 'table'\")))",
      [path, script])
    #expect(result.0 == 0, "\(result.1)")
    return result.1
  }

  @Test func anotherApplicationsDatabaseIsRefusedAndLeftUntouched() throws {
    let workspace = try CLIWorkspace()
    let database = workspace.path("app.db")
    let before = try Self.sqlite("CREATE TABLE notes (text); INSERT INTO notes VALUES ('mine');", database)
    for arguments in [["criteria", "list"], ["search", "checkbox"], ["init"], ["verify"]] {
      let result = try workspace.run(arguments + ["--db", database])
      #expect(result.status == 1, "\(arguments)")
      #expect(
        result.stderr.contains("\(database): not an Exhibit database: another application's SQLite database"))
    }
    #expect(try Self.sqlite("", database) == before)
    #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
  }

  @Test func devicesTextAndFIFOsAreRefusedWithoutBlockingOrWritingBesideThem() throws {
    let workspace = try CLIWorkspace()
    let text = try workspace.write("notes.db", Data("not a database\n".utf8))
    #expect(try workspace.run("criteria", "list", "--db", text).stderr.contains("not an SQLite database"))
    let null = try workspace.run("init", "--db", "/dev/null")
    #expect(
      null.status == 1 && null.stderr.contains("/dev/null: not an Exhibit database: not a regular file"))
    let fifo = workspace.path("bag.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let verify = try workspace.run("verify", fifo, "--without-db")
    #expect(verify.status == 1 && verify.stderr.contains("\(fifo): not a bag folder or zip file"))
    let database = try workspace.run("criteria", "list", "--db", fifo)
    #expect(
      database.status == 1 && database.stderr.contains("\(fifo): not an Exhibit database: not a regular file")
    )
  }

  @Test func aFIFOOrFolderNamedLikeACaptionFileIsNamedNotSkippedSilently() throws {
    let workspace = try CLIWorkspace.withMedia()
    let fifo = workspace.path("Media/native/checkbox/checkboxVoiceOver-fr.vtt")
    #expect(mkfifo(fifo, 0o600) == 0)
    let folder = workspace.path("Media/native/checkbox/checkboxVoiceOver-de.vtt")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let result = try workspace.run("catalog", "--json")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.contains("\(fifo): named like a caption file but a FIFO: not read as captions"))
    #expect(result.stderr.contains("\(folder): named like a caption file but a folder: not read as captions"))
    // The rest of the batch goes on: every sample recording is catalogued, with its own captions.
    let summary = try #require(try result.json() as? [String: Any])
    #expect((summary["added"] as? Int ?? 0) > 0)
    let listed = try workspace.run("recordings", "list", "--json")
    #expect(listed.stdout.contains("checkboxVoiceOver.webm"))
  }

  @Test(TeamCatalogue.sqliteOnly) func aLoweredSchemaVersionIsNamedNotDumped() throws {
    let workspace = try CLIWorkspace()
    #expect(try workspace.run("init").status == 0)
    let database = workspace.path("Database/exhibit.sqlite")
    _ = try Self.sqlite("PRAGMA user_version = 1;", database)
    let result = try workspace.run(
      "criteria", "import", CLIWorkspace.repository.appendingPathComponent("Criteria").path)
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("the database says schema version 1, but upgrading it to version 2 failed"))
    #expect(!result.stderr.contains("CREATE"))
  }

  @Test func controlCharactersFromFilesAreShownNotObeyed() throws {
    let workspace = try CLIWorkspace.withMedia()
    let clipboard = "\u{1B}]52;c;ZXZpbA==\u{07}"
    _ = try workspace.write(
      "docs/native/controls/checkbox.md",
      Data(
        "## Condensed\n\n1. Test keyboard only\n\n   - Spacebar: Activates \(clipboard)on iOS\u{1B}[2J\n".utf8
      ))
    #expect(try workspace.run("criteria", "import", workspace.path("docs")).status == 0)
    _ = try workspace.write(
      "Media/native/checkbox/check\u{1B}[2Jbox.webm",
      try Data(
        contentsOf: CLIWorkspace.repository.appendingPathComponent(
          "Media/native/checkbox/checkboxVoiceOver.webm"))
        + Data([9]))
    try workspace.run("catalog")
    for arguments in [
      ["criteria", "show", "native/checkbox"],
      ["criteria", "show", "native/checkbox", "--format", "condensed"],
      ["recordings", "list"], ["search", "activates"],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(arguments)")
    }
    #expect(
      try workspace.run("criteria", "show", "native/checkbox").stdout.contains("\\u{1B}]52;c;ZXZpbA==\\u{7}"))
    #expect(try workspace.run("recordings", "list").stdout.contains("check\\u{1B}[2Jbox.webm"))
    // JSON keeps the text as it is, escaped by JSON itself.
    let json = try workspace.run("criteria", "show", "native/checkbox", "--json")
    #expect(json.stdout.contains("\\u001b]52"))
  }

  @Test func nfcAndNFDSpellingsOfANameAreTwoRecordings() throws {
    let workspace = try CLIWorkspace()
    let bytes = try Data(
      contentsOf: CLIWorkspace.repository.appendingPathComponent(
        "Media/native/checkbox/checkboxVoiceOver.webm"))
    let nfc = try workspace.write("Media/native/checkbox/caf\u{E9}VoiceOver.webm", bytes)
    let nfd = try workspace.write("Media/native/checkbox/cafe\u{301}VoiceOver.webm", bytes + Data([1]))
    #expect(nfc == nfd, "equal as Swift strings, two files on disk")
    let firstRun = try workspace.run("catalog", "--json")
    let first = try #require(try firstRun.json() as? [String: Any])
    #expect(first["added"] as? Int == 2, "\(firstRun.stdout)\(firstRun.stderr)")
    let againRun = try workspace.run("catalog", "--json")
    let again = try #require(try againRun.json() as? [String: Any])
    #expect(
      again["unchanged"] as? Int == 2 && again["missing"] as? Int ?? 0 == 0,
      "\(againRun.stdout)\(againRun.stderr)")
    let list = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    #expect(Set(list.compactMap { $0["sha256"] as? String }).count == 2)
  }

  @Test func badValuesAreNamed() throws {
    let workspace = try CLIWorkspace.catalogued()
    let date = try workspace.run("bundle", "native/checkbox", "--platform", "ios", "--date", "2026-+1-+1")
    #expect(date.status == 1 && date.stderr.contains("--date 2026-+1-+1: expected YYYY-MM-DD"))
    for name in ["web/..", "web/", "web/a/b", "desktop/checkbox", "web/-x"] {
      let result = try workspace.run("criteria", "import", "--component", name, workspace.path("Media"))
      #expect(result.status != 0 && result.stderr.contains("--component \(name)"), "\(name)")
    }
    let short = try workspace.run(
      "link", CLIWorkspace.voiceOver, CLIWorkspace.role, "--verdict", "pass", "--from",
      "1.0001",
      "--to", "1.0003")
    #expect(short.status != 0 && short.stderr.contains("more precise than a millisecond"))
    #expect(!short.stderr.contains("CHECK"))
  }
}
