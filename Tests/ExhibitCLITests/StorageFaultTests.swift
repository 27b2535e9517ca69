import ExhibitKit
import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

/// Storage failing under a command: a read-only workspace, a full disk, a database another
/// process keeps locked. Each gives a clear error, keeps what was stored and leaves the database
/// sound (``DatabaseAudit``).
@Suite(TeamCatalogue.sqliteOnly) struct StorageFaultTests {
  static var exhibit: String { MountNamespace.quoted(CLIWorkspace.binary.path) }

  static let link = [
    "link", "Media/native/checkbox/checkboxVoiceOver.webm", "native/checkbox#screenreader.role", "--verdict",
    "pass", "--from", "0.4", "--to", "5.2",
  ]

  /// `exhibit ARGUMENTS` as a shell command line.
  static func command(_ arguments: [String]) -> String {
    ([exhibit] + arguments.map(MountNamespace.quoted)).joined(separator: " ")
  }

  /// Runs `exhibit ARGUMENTS` in the workspace with the workspace mounted read-only.
  static func readOnly(_ workspace: CLIWorkspace, _ arguments: [String]) throws -> CLIWorkspace.Result {
    let root = MountNamespace.quoted(workspace.root.path)
    return try MountNamespace.run(
      "mount --bind \(root) \(root) && mount -o remount,bind,ro \(root) && cd \(root) && exec \(command(arguments))",
      environment: workspace.environment)
  }

  @Test(.enabled(if: MountNamespace.available, "needs unshare to mount a read-only folder"))
  func aReadOnlyWorkspaceRefusesWritesClearlyAndStillAnswersReads() throws {
    let workspace = try CLIWorkspace.searchable()
    let database = workspace.path("Database/exhibit.sqlite")
    let before = try DatabaseAudit.fingerprint(database)
    for arguments in [Self.link, ["catalog"], ["criteria", "import", CLIWorkspace.sampleCriteria]] {
      let result = try Self.readOnly(workspace, arguments)
      #expect(result.status == 1, "\(arguments): \(result.stdout)")
      #expect(result.stderr.contains("\(database): the database is read-only"), "\(result.stderr)")
      #expect(result.stderr.contains("nothing was changed"))
      #expect(!result.stderr.contains("Fatal error"))
    }
    let search = try Self.readOnly(workspace, ["search", "checked", "--kind", "captions", "--json"])
    #expect(search.status == 0, "\(search.stderr)")
    #expect(search.stdout.contains("checkbox_AndroidTalkback.webm"))
    let verify = try Self.readOnly(workspace, ["verify"])
    #expect(verify.status == 0, "\(verify.stderr)")
    let bundle = try Self.readOnly(
      workspace, ["bundle", "native/checkbox", "--platform", "ios", "--out", "bundles"])
    #expect(bundle.status == 1 && bundle.stderr.contains(workspace.path("bundles")), "\(bundle.stderr)")
    #expect(try DatabaseAudit.problems(database) == [])
    #expect(try DatabaseAudit.fingerprint(database) == before)
  }

  /// Runs `exhibit ARGUMENTS` with the workspace's `Database/` on a tmpfs with `free` bytes to
  /// spare, then copies what the database became to `Database-after/`.
  static func fullDisk(_ workspace: CLIWorkspace, free: Int, _ arguments: [String]) throws
    -> CLIWorkspace.Result
  {
    try fullDisk(workspace, free: free, script: command(arguments))
  }

  /// Runs the shell `script` (which may run `exhibit` several times) as ``fullDisk(_:free:_:)``
  /// runs one command.
  static func fullDisk(_ workspace: CLIWorkspace, free: Int, script: String) throws -> CLIWorkspace.Result {
    let folder = workspace.path("Database")
    let used = try FileManager.default.contentsOfDirectory(atPath: folder).reduce(0) { total, name in
      total + ((try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
    }
    let size = (used + 4095) / 4096 * 4096 + free
    let saved = MountNamespace.quoted(workspace.path("Database-before"))
    let after = MountNamespace.quoted(workspace.path("Database-after"))
    let database = MountNamespace.quoted(folder)
    try? FileManager.default.removeItem(atPath: workspace.path("Database-after"))
    try? FileManager.default.removeItem(atPath: workspace.path("Database-before"))
    return try MountNamespace.run(
      """
      cp -a \(database) \(saved) && mount -t tmpfs -o size=\(size) tmpfs \(database) \
        && cp -a \(saved)/. \(database)/ && cd \(MountNamespace.quoted(workspace.root.path)) || exit 99
      \(script); status=$?
      cp -a \(database) \(after); exit $status
      """, environment: workspace.environment)
  }

  @Test(.enabled(if: MountNamespace.available, "needs unshare to mount a tiny tmpfs"))
  func aFullDiskStopsACatalogueWithoutLosingOrHalfStoringAnything() throws {
    let workspace = try CLIWorkspace.withMedia()
    #expect(try workspace.run("init").status == 0)
    #expect(try workspace.run("criteria", "import", CLIWorkspace.sampleCriteria).status == 0)
    let before = try DatabaseAudit.fingerprint(workspace.path("Database/exhibit.sqlite"))
    let result = try Self.fullDisk(workspace, free: 48 << 10, ["catalog"])
    #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
    #expect(result.stderr.contains("the disk is full"), "\(result.stderr)")
    #expect(!result.stderr.contains("Fatal error"))
    let after = workspace.path("Database-after/exhibit.sqlite")
    #expect(try DatabaseAudit.problems(after) == [])
    #expect(try DatabaseAudit.fingerprint(after) == before, "a failed catalogue changed what was stored")
    // With room again, the same database takes the catalogue.
    try FileManager.default.removeItem(atPath: workspace.path("Database"))
    try FileManager.default.moveItem(
      atPath: workspace.path("Database-after"), toPath: workspace.path("Database"))
    #expect(try workspace.run("catalog").status == 0)
    #expect(try workspace.run("verify").status == 0)
    #expect(try DatabaseAudit.problems(workspace.path("Database/exhibit.sqlite")) == [])
  }

  @Test func aDamagedDatabaseLeftByAWriterThatDiedStopsTheNextWriter() throws {
    let workspace = try CLIWorkspace.withMedia()
    #expect(try workspace.run("init").status == 0)
    #expect(try workspace.run("criteria", "import", CLIWorkspace.sampleCriteria).status == 0)
    #expect(try workspace.run("catalog").status == 0)
    let database = workspace.path("Database/exhibit.sqlite")
    // A writer commits into the -wal file and dies without closing; a page of the file is bad.
    let (status, output) = try Python.run(
      """
      import os, sqlite3, sys
      connection = sqlite3.connect(sys.argv[1])
      connection.execute("CREATE TABLE scratch (x)")
      connection.commit()
      size = connection.execute("PRAGMA page_size").fetchone()[0]
      with open(sys.argv[1], "r+b") as database:
          database.seek(size * 3 + 8)
          database.write(b"\\xff" * 64)
      os._exit(0)
      """, [database])
    #expect(status == 0, "\(output)")
    // A changed document, which a writer that went on would import as a new revision.
    let changed = try workspace.write(
      "changed/native/controls/checkbox.md",
      Data(
        try String(
          contentsOfFile: CLIWorkspace.sampleCriteria + "/native/controls/checkbox.md", encoding: .utf8
        )
        .replacingOccurrences(of: "Spacebar:", with: "Space bar:").utf8))
    let write = try workspace.run("criteria", "import", changed)
    #expect(write.status == 1)
    #expect(write.stderr.contains("the database is damaged"), "\(write.stderr)")
    #expect(write.stderr.contains(".recover"), "\(write.stderr)")
    #expect(!write.stderr.contains("Fatal"))
    // Opening it finished the dead writer's commit (SQLite's own recovery), so the next writer
    // finds no -wal to judge by; Exhibit's own writes never went on.
    let events = try Python.run(
      "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM audit_event WHERE action = \\'criteria.import\\'').fetchone()[0])",
      [database])
    #expect(events.1.trimmingCharacters(in: .whitespacesAndNewlines) == "3", "\(events.1)")
  }

  /// A read on a full disk leaves nothing of its failed attempt to open the database the usual
  /// way: the next reads work too, a write says the disk is full, and the database is whole.
  @Test(.enabled(if: MountNamespace.available, "needs unshare to mount a tiny tmpfs"))
  func aReadOnAFullDiskLeavesNothingThatBreaksTheNext() throws {
    let workspace = try CLIWorkspace.withMedia()
    #expect(try workspace.run("init").status == 0)
    #expect(try workspace.run("criteria", "import", CLIWorkspace.sampleCriteria).status == 0)
    #expect(try workspace.run("catalog").status == 0)
    // Reads, a write refused, and reads again, on the same full disk.
    let result = try Self.fullDisk(
      workspace, free: 8 << 10,
      script: [
        Self.command(["verify"]), Self.command(["recordings", "list"]), Self.command(["verify"]),
        "! " + Self.command(["criteria", "import", CLIWorkspace.sampleCriteria]),
        Self.command(["coverage", "native/checkbox"]),
      ].map { $0 + " >/dev/null" }.joined(separator: " && "))
    #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
    #expect(result.stderr.contains("is full"), "\(result.stderr)")
    let after = workspace.path("Database-after")
    let left = try FileManager.default.contentsOfDirectory(atPath: after).filter { $0.hasSuffix("-shm") }
    #expect(left.isEmpty, "\(left)")
    #expect(try DatabaseAudit.problems(after + "/exhibit.sqlite") == [])
  }

  @Test(.enabled(if: MountNamespace.available, "needs unshare to mount a tiny tmpfs"))
  func readsWorkOnAFullDiskAndWritesSaySo() throws {
    let workspace = try CLIWorkspace.withMedia()
    #expect(try workspace.run("init").status == 0)
    #expect(try workspace.run("criteria", "import", CLIWorkspace.sampleCriteria).status == 0)
    #expect(try workspace.run("catalog").status == 0)
    for arguments in [
      ["recordings", "list"], ["criteria", "list"], ["coverage", "native/checkbox"], ["verify"],
    ] {
      let result = try Self.fullDisk(workspace, free: 0, arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(!result.stderr.contains("disk I/O error"), "\(arguments): \(result.stderr)")
    }
    let write = try Self.fullDisk(workspace, free: 0, ["criteria", "import", CLIWorkspace.sampleCriteria])
    #expect(write.status == 1)
    #expect(write.stderr.contains("the disk holding") && write.stderr.contains("is full"), "\(write.stderr)")
    #expect(!write.stderr.contains("PRAGMA"), "\(write.stderr)")
  }

  @Test(.enabled(if: MountNamespace.available, "needs unshare to mount a tiny tmpfs"))
  func aFullDiskStopsAnExportAndLeavesNothingBehind() throws {
    let workspace = try CLIWorkspace.linked()
    let out = workspace.path("bundles")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    for zip in [false, true] {
      let arguments =
        ["bundle", "native/checkbox", "--platform", "ios", "--date", "2026-11-21", "--out", out]
        + (zip ? ["--zip"] : [])
      let result = try MountNamespace.run(
        """
        mount -t tmpfs -o size=40k tmpfs \(MountNamespace.quoted(out)) && cd \(MountNamespace.quoted(workspace.root.path)) || exit 99
        \(Self.command(arguments)); status=$?
        echo "left: $(ls -A \(MountNamespace.quoted(out)))"; exit $status
        """, environment: workspace.environment)
      let target = out + "/native-checkbox-ios-2026-11-21" + (zip ? ".zip" : "")
      #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
      #expect(result.stderr.contains("\(target): cannot write"), "\(result.stderr)")
      #expect(result.stderr.contains("space"), "\(result.stderr)")
      #expect(result.stdout.contains("left: \n") || result.stdout.hasSuffix("left: \n"), "\(result.stdout)")
    }
  }

  @Test func aDatabaseLockedPastTheBusyTimeoutRefusesTheWriteAndKeepsEverything() throws {
    let workspace = try CLIWorkspace.searchable()
    let database = workspace.path("Database/exhibit.sqlite")
    let before = try DatabaseAudit.fingerprint(database)
    // Another process's writer: this test process holds the write lock the CLI needs.
    let holder = try Connection(path: database, mode: .readWrite)
    try holder.execute("BEGIN IMMEDIATE")
    workspace.environment["EXHIBIT_BUSY_TIMEOUT_MS"] = "200"
    let refused = try workspace.run(Self.link)
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains(
        "\(database): another process has held the database locked for more than 0.2 s"))
    #expect(refused.stderr.contains("nothing was read or changed"))
    let read = try workspace.run("search", "checked", "--kind", "captions")
    #expect(read.status == 0, "a reader waits for no writer: \(read.stderr)")
    try holder.execute("ROLLBACK")
    try holder.close()
    #expect(try DatabaseAudit.problems(database) == [])
    #expect(try DatabaseAudit.fingerprint(database) == before)
    #expect(try workspace.run(Self.link).status == 0)
    #expect(try workspace.run("verify").status == 0)
  }
}
