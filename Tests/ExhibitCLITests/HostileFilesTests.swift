import ExhibitKit
import Foundation
import Testing

/// Databases and files that are not what a command expects get a clear error naming them, and
/// are left as they were.
@Suite struct HostileFilesTests {
  static func sqlite(_ script: String, _ path: String) throws -> String {
    let result = try CorpusBundleTests.python(
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

  @Test func aLoweredSchemaVersionIsNamedNotDumped() throws {
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

  @Test func badValuesAreNamed() throws {
    let workspace = try EvidenceCommandTests.workspace()
    let date = try workspace.run("bundle", "native/checkbox", "--platform", "ios", "--date", "2026-+1-+1")
    #expect(date.status == 1 && date.stderr.contains("--date 2026-+1-+1: expected YYYY-MM-DD"))
    for name in ["web/..", "web/", "web/a/b", "desktop/checkbox", "web/-x"] {
      let result = try workspace.run("criteria", "import", "--component", name, workspace.path("Media"))
      #expect(result.status != 0 && result.stderr.contains("--component \(name)"), "\(name)")
    }
    let short = try workspace.run(
      "link", EvidenceCommandTests.voiceOver, EvidenceCommandTests.role, "--verdict", "pass", "--from",
      "1.0001",
      "--to", "1.0003")
    #expect(short.status == 1 && short.stderr.contains("shorter than a millisecond"))
    #expect(!short.stderr.contains("CHECK"))
  }
}
