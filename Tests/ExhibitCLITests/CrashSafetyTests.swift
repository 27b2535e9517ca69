import Foundation
import Testing

/// Commands killed with SIGKILL at every point where they change something, then run again.
///
/// `EXHIBIT_TEST_KILL_AT=N` makes the process kill itself at its Nth crash point: before each
/// SQL write, before and after each commit, after each bundle file, before each final rename
/// (``ExhibitKit/CrashPoint``). For N = 1, 2, … until the command finishes, each test restores
/// the workspace's database, runs the command killed at N and checks that the database is sound
/// (SQLite's and FTS5's integrity checks, no recording twice or half-written), the audit chain
/// verifies and nothing incomplete stands at a bundle's final path. Then it runs the command
/// again and checks that it stored exactly what an uninterrupted run stores.
@Suite(TeamCatalogue.sqliteOnly) struct CrashSafetyTests {
  /// A workspace folder whose database can be put back as it was.
  struct Scene {
    let workspace: CLIWorkspace
    let snapshot: String
    /// Whether there was a database to save.
    let hadDatabase: Bool

    /// Saves the database as it is now.
    init(_ workspace: CLIWorkspace) throws {
      self.workspace = workspace
      hadDatabase = FileManager.default.fileExists(atPath: workspace.path("Database/exhibit.sqlite"))
      snapshot = workspace.path(".database-snapshot")
      try FileManager.default.copyItem(atPath: workspace.path("Database"), toPath: snapshot)
    }

    var database: String { workspace.path("Database/exhibit.sqlite") }

    /// Puts the saved database back and removes `outputs`.
    func restore(removing outputs: [String]) throws {
      try FileManager.default.removeItem(atPath: workspace.path("Database"))
      try FileManager.default.copyItem(atPath: snapshot, toPath: workspace.path("Database"))
      for output in outputs { try? FileManager.default.removeItem(atPath: workspace.path(output)) }
    }
  }

  /// Kills `arguments` at every crash point.
  ///
  /// - Parameters:
  ///   - scene: The workspace and its saved database.
  ///   - arguments: The command.
  ///   - outputs: Files the command makes, removed before each run.
  ///   - afterKill: Checks on what a killed run left outside the database.
  ///   - afterRun: Checks on what a finished run left outside the database.
  /// - Returns: How many times the command was killed.
  /// - Throws: When the workspace cannot be restored or a process cannot start.
  @discardableResult
  static func killEverywhere(
    _ scene: Scene, _ arguments: [String], outputs: [String] = [],
    afterKill: (CLIWorkspace) throws -> Void = { _ in }, afterRun: (CLIWorkspace) throws -> Void = { _ in }
  ) throws -> Int {
    let workspace = scene.workspace
    let command = arguments.joined(separator: " ")
    try scene.restore(removing: outputs)
    let reference = try workspace.run(arguments)
    try #require(reference.status == 0, "\(command): \(reference.stderr)")
    let expected = try DatabaseAudit.fingerprint(scene.database)
    try afterRun(workspace)
    var kills = 0
    for point in 1...2_000 {
      try scene.restore(removing: outputs)
      workspace.environment["EXHIBIT_TEST_KILL_AT"] = String(point)
      let killed = try workspace.run(arguments)
      workspace.environment.removeValue(forKey: "EXHIBIT_TEST_KILL_AT")
      guard killed.killed else {
        // Past the last point: the command ran to the end.
        #expect(killed.status == 0, "\(command) with \(point - 1) points: \(killed.stderr)")
        break
      }
      kills += 1
      let context = "\(command), killed at point \(point)"
      if !scene.hadDatabase, !FileManager.default.fileExists(atPath: scene.database) {
        // A new database not there yet: nothing of it at all.
        #expect(
          try FileManager.default.contentsOfDirectory(atPath: workspace.path("Database")).isEmpty,
          "\(context)")
      } else {
        #expect(try DatabaseAudit.problems(scene.database) == [], "\(context)")
        let chain = try workspace.run("verify")
        #expect(
          chain.status == 0, "\(context): the audit chain does not verify: \(chain.stdout) \(chain.stderr)")
      }
      try afterKill(workspace)
      let again = try workspace.run(arguments)
      #expect(again.status == 0, "\(context), run again: \(again.stderr)")
      #expect(try DatabaseAudit.problems(scene.database) == [], "\(context), run again")
      #expect(
        try DatabaseAudit.fingerprint(scene.database) == expected,
        "\(context): the re-run stored something else")
      #expect(
        try workspace.run("verify").status == 0, "\(context), run again: the audit chain does not verify")
      try afterRun(workspace)
    }
    print("crash safety: `exhibit \(command)` killed at \(kills) points, each checked and re-run")
    return kills
  }

  static let criteria = CLIWorkspace.repository.appendingPathComponent("Criteria").path

  @Test func aFirstInitKilledAnywhereLeavesAUsableDatabase() throws {
    let workspace = try CLIWorkspace()
    try FileManager.default.createDirectory(
      atPath: workspace.path("Database"), withIntermediateDirectories: true)
    let scene = try Scene(workspace)
    let kills = try Self.killEverywhere(
      scene, ["init"],
      outputs: ["Database/exhibit.sqlite", "Database/exhibit.sqlite-wal", "Database/exhibit.sqlite-shm"])
    #expect(
      kills == 2,
      "init writes its database file whole from the schema's image, with points before and after it is linked"
    )
  }

  @Test func aCriteriaImportKilledAnywhereIsWholeOrAbsentAndReRuns() throws {
    let workspace = try CLIWorkspace()
    #expect(try workspace.run("init").status == 0)
    let kills = try Self.killEverywhere(try Scene(workspace), ["criteria", "import", Self.criteria])
    #expect(kills > 20)
  }

  /// Media with a second copy of one recording (one recording, two paths) and a file that is not
  /// a recording (an error row, no hash), catalogued one recording per transaction.
  @Test func aCatalogueKilledAnywhereNeverStoresARecordingTwiceOrHalfWay() throws {
    let workspace = try CLIWorkspace.withMedia()
    try FileManager.default.copyItem(
      atPath: workspace.path("Media/native/checkbox/checkboxVoiceOver.webm"),
      toPath: workspace.path("Media/native/checkbox/copy-of-checkboxVoiceOver.webm"))
    try workspace.write("Media/web/checkbox/notes.webm", Data("notes, not a recording\n".utf8))
    #expect(try workspace.run("init").status == 0)
    #expect(try workspace.run("criteria", "import", Self.criteria).status == 0)
    let scene = try Scene(workspace)
    // The bad file makes every complete run exit 1; catalogue the good ones, then add it.
    try FileManager.default.removeItem(atPath: workspace.path("Media/web/checkbox/notes.webm"))
    let kills = try Self.killEverywhere(scene, ["catalog", "--batch-size", "1"])
    #expect(kills > 10)
    try workspace.write("Media/web/checkbox/notes.webm", Data("notes, not a recording\n".utf8))
    try scene.restore(removing: [])
    workspace.environment["EXHIBIT_TEST_KILL_AT"] = "commit:3"
    #expect(try workspace.run("catalog", "--batch-size", "1").killed)
    workspace.environment.removeValue(forKey: "EXHIBIT_TEST_KILL_AT")
    let again = try workspace.run("catalog", "--batch-size", "1")
    #expect(again.status == 1 && again.stderr.contains("notes.webm"))
    #expect(try DatabaseAudit.problems(scene.database) == [])
  }

  @Test func aLinkKilledAnywhereIsStoredOnceAfterTheReRun() throws {
    let workspace = try CLIWorkspace.searchable()
    let kills = try Self.killEverywhere(
      try Scene(workspace),
      [
        "link", "Media/native/checkbox/checkboxVoiceOver.webm", "native/checkbox#screenreader.role",
        "--verdict",
        "pass", "--from", "0.4", "--to", "5.2", "--note", "role announced",
      ])
    #expect(kills >= 3, "a link has writes, a commit and a committed point")
  }

  static func exportChecks(name: String) -> (
    afterKill: (CLIWorkspace) throws -> Void, afterRun: (CLIWorkspace) throws -> Void
  ) {
    let staging: (CLIWorkspace) throws -> [String] = { workspace in
      try FileManager.default.contentsOfDirectory(atPath: workspace.path("bundles")).filter {
        $0.hasPrefix(".")
      }
    }
    return (
      { workspace in
        let target = workspace.path("bundles/\(name)")
        if FileManager.default.fileExists(atPath: target) {
          Issue.record("a killed export left \(name) at its final path")
        }
      },
      { workspace in
        let verify = try workspace.run("verify", workspace.path("bundles/\(name)"))
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
        #expect(try staging(workspace) == [], "staging folders of killed exports remain")
      }
    )
  }

  @Test func aBagExportKilledAnywhereLeavesNoBagAtItsPath() throws {
    let workspace = try CLIWorkspace.linked()
    let checks = Self.exportChecks(name: "native-checkbox-ios-2026-11-21")
    let kills = try Self.killEverywhere(
      try Scene(workspace),
      ["bundle", "native/checkbox", "--platform", "ios", "--date", "2026-11-21", "--out", "bundles"],
      outputs: ["bundles"], afterKill: checks.afterKill, afterRun: checks.afterRun)
    #expect(kills > 8, "a bag has a point after each of its files and before its rename")
  }

  @Test func aZipExportKilledAnywhereLeavesNoZipAtItsPath() throws {
    let workspace = try CLIWorkspace.linked()
    let checks = Self.exportChecks(name: "native-checkbox-ios-2026-11-21.zip")
    let kills = try Self.killEverywhere(
      try Scene(workspace),
      [
        "bundle", "native/checkbox", "--platform", "ios", "--date", "2026-11-21", "--out", "bundles", "--zip",
      ],
      outputs: ["bundles"], afterKill: checks.afterKill, afterRun: checks.afterRun)
    #expect(kills > 8)
  }
}
