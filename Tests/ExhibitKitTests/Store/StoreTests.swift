import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

@Suite struct StoreTests {
  @Test func migratingAnEmptyFileBuildsTheWholeSchema() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("Database/exhibit.sqlite")
    let store = try Store.open(at: path, access: .write)
    #expect(try store.connection.userVersion == Schema.migrator.latestVersion)
    let tables = Set(
      try store.connection.query("SELECT name FROM sqlite_schema WHERE type = 'table'")
        .compactMap { $0.string("name") })
    for table in [
      "criteria_document", "criteria_item", "gherkin_scenario", "gherkin_step", "developer_note",
      "announcement_example", "video_reference", "recording", "recording_path", "recording_stream",
      "caption_track", "caption_cue", "evidence_link", "audit_event", "caption_cue_fts",
      "criteria_item_fts", "recording_path_fts", "evidence_note_fts",
    ] {
      #expect(tables.contains(table), "missing table \(table)")
    }
  }

  @Test func reopeningAMigratedDatabaseChangesNothing() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("exhibit.sqlite")
    let first = try Store.open(at: path, access: .write)
    try first.close()
    let schema = try Self.dumpSchema(path)
    let second = try Store.open(at: path, access: .read)
    try second.close()
    #expect(try Self.dumpSchema(path) == schema)
  }

  @Test func readingAMissingDatabaseSaysHowToMakeOne() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("Database/exhibit.sqlite")
    let error = #expect(throws: WorkspaceError.self) { _ = try Store.open(at: path, access: .read) }
    #expect(error == .noDatabase(path: path))
    #expect(error?.description.contains("exhibit init") == true)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aNewerSchemaIsRefusedAndLeftUntouched() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("exhibit.sqlite")
    do {
      let connection = try Connection(path: path)
      try connection.execute("CREATE TABLE from_the_future (x)")
      try connection.execute("PRAGMA user_version = 99")
      // A newer Exhibit writes Exhibit's application id, as this one does.
      try connection.execute("PRAGMA application_id = \(Schema.applicationID)")
      try connection.close()
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    for access in [Store.Access.write, .read] {
      let error = #expect(throws: SchemaVersionError.self) {
        _ = try Store.open(at: path, access: access)
      }
      #expect(
        error == .newerThanSupported(path: path, found: 99, supported: Schema.migrator.latestVersion))
    }
    let connection = try Connection(path: path)
    #expect(try connection.userVersion == 99)
    #expect(try connection.first("SELECT count(*) AS n FROM sqlite_schema")?.int("n") == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func migrationsApplyInOrderEachOnce() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("m.sqlite"))
    let migrator = Migrator(migrations: [
      Migration(version: 2, name: "second", sql: "INSERT INTO log VALUES ('two')"),
      Migration(
        version: 1, name: "first", sql: "CREATE TABLE log (step TEXT); INSERT INTO log VALUES ('one')"),
    ])
    try migrator.migrate(connection)
    try migrator.migrate(connection)
    let steps = try connection.query("SELECT step FROM log ORDER BY rowid").compactMap { $0.string("step") }
    #expect(steps == ["one", "two"])
    #expect(try connection.userVersion == 2)
  }

  @Test func aCurrentFileIsMigratedWithOneReadOfItsVersion() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("current.sqlite")
    _ = try Store.open(at: path, access: .write)
    let connection = try Connection(path: path)
    let versionRead = try connection.prepare("PRAGMA user_version")
    let before = versionRead.timesRun
    try Schema.migrator.migrate(connection)
    // Once, not once for each of the schema's steps (each read its own read transaction).
    #expect(versionRead.timesRun == before + 1)
    #expect(try connection.userVersion == Schema.migrator.latestVersion)
  }

  @Test func anOlderFileIsTakenUpEveryStepAfterItsVersion() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("m.sqlite"))
    let steps = (1...4).map { version in
      Migration(version: version, name: "step \(version)", sql: "INSERT INTO log VALUES (\(version))")
    }
    try connection.execute("CREATE TABLE log (step INTEGER); PRAGMA user_version = 2")
    try Migrator(migrations: steps).migrate(connection)
    #expect(
      try connection.query("SELECT step FROM log ORDER BY rowid").compactMap { $0.int("step") } == [3, 4])
    #expect(try connection.userVersion == 4)
  }

  @Test func aFailingMigrationLeavesTheVersionWhereItWas() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("m.sqlite"))
    let migrator = Migrator(migrations: [
      Migration(version: 1, name: "good", sql: "CREATE TABLE a (x)"),
      Migration(version: 2, name: "bad", sql: "CREATE TABLE b (x); CREATE TABL oops"),
    ])
    // A new file gets its whole schema in one transaction: a failing step leaves it empty.
    var error = #expect(throws: SchemaVersionError.self) { try migrator.migrate(connection) }
    #expect("\(error.map { "\($0)" } ?? "")".contains("upgrading it to version 2 failed"))
    #expect(try connection.userVersion == 0)
    #expect(try connection.query("SELECT name FROM sqlite_schema").isEmpty)
    // An existing file is upgraded a step at a time: the step that fails is the one undone.
    try Migrator(migrations: [migrator.migrations[0]]).migrate(connection)
    error = #expect(throws: SchemaVersionError.self) { try migrator.migrate(connection) }
    #expect("\(error.map { "\($0)" } ?? "")".contains("upgrading it to version 2 failed"))
    #expect(try connection.userVersion == 1)
    #expect(try connection.query("SELECT name FROM sqlite_schema WHERE name = 'b'").isEmpty)
    #expect(try connection.query("SELECT name FROM sqlite_schema WHERE name = 'a'").count == 1)
  }

  @Test func schemaSQLMatchesAFreshDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("fresh.sqlite")
    try Store.open(at: path, access: .write).close()
    let actual = try Self.dumpSchema(path)
    let file = Repository.root.appendingPathComponent("Database/schema.sql")
    let committed = try String(contentsOf: file, encoding: .utf8)
    #expect(
      committed == actual,
      "Database/schema.sql is out of step with the migrations; run `make schema` and commit it")
  }

  /// The schema of the database at `path`, as `Scripts/dump-schema.py` (what `make schema` runs) prints it.
  static func dumpSchema(_ path: String) throws -> String {
    let script = Repository.root.appendingPathComponent("Scripts/dump-schema.py").path
    let result = try PythonCheck.run(try String(contentsOfFile: script, encoding: .utf8), arguments: [path])
    guard result.status == 0 else { throw DumpFailed(message: result.error) }
    return result.output
  }

  struct DumpFailed: Error {
    let message: String
  }
}
