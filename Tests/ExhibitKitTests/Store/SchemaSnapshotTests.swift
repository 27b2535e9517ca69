import ExhibitSQLite
import ExhibitStorage
import Testing

@testable import ExhibitKit

/// A new database is made from `Schema.snapshot`; it must be the database the migrations make.
@Suite struct SchemaSnapshotTests {
  @Test func theSnapshotBuildsWhatTheMigrationsBuild() throws {
    let folder = try TemporaryFolder()
    let stepByStep = try Connection(path: folder.path("steps.sqlite"))
    try Migrator(migrations: Schema.migrations).migrate(stepByStep)
    let fromSnapshot = try Connection(path: folder.path("snapshot.sqlite"))
    try Schema.migrator.migrate(fromSnapshot)
    #expect(Schema.snapshot?.version == Schema.migrator.latestVersion)
    #expect(
      try Self.schema(of: fromSnapshot) == Self.schema(of: stepByStep),
      "Database/schema.sql, the snapshot new databases are made from, is out of step with the migrations; run `make schema` and commit it"
    )
    #expect(try Self.schema(of: fromSnapshot).count > 100)
  }

  @Test func aSnapshotOfAnotherVersionIsLeftForTheSteps() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("m.sqlite"))
    let migrator = Migrator(
      migrations: [
        Migration(version: 1, name: "first", sql: "CREATE TABLE a (x)"),
        Migration(version: 2, name: "second", sql: "CREATE TABLE b (x)"),
      ],
      snapshot: SchemaSnapshot(version: 1, sql: "CREATE TABLE a (x); PRAGMA user_version = 1;"))
    try migrator.migrate(connection)
    #expect(try connection.userVersion == 2)
    #expect(
      try connection.query("SELECT name FROM sqlite_schema ORDER BY name").map { $0.string("name") } == [
        "a", "b",
      ])
  }

  @Test func aSnapshotThatFailsLeavesTheNewFileEmpty() throws {
    let folder = try TemporaryFolder()
    for script in ["CREATE TABLE a (x); CREATE TABL oops; PRAGMA user_version = 1;", "CREATE TABLE a (x);"] {
      let connection = try Connection(path: folder.path("m\(script.count).sqlite"))
      let migrator = Migrator(
        migrations: [Migration(version: 1, name: "first", sql: "CREATE TABLE a (x)")],
        snapshot: SchemaSnapshot(version: 1, sql: script))
      let error = #expect(throws: SchemaVersionError.self) { try migrator.migrate(connection) }
      #expect("\(error.map { "\($0)" } ?? "")".contains("upgrading it to version 1 failed"))
      #expect(try connection.userVersion == 0)
      #expect(try connection.query("SELECT name FROM sqlite_schema").isEmpty)
    }
  }

  /// Every object, shadow tables included, and the two numbers in the header Exhibit sets.
  private static func schema(of connection: Connection) throws -> [String] {
    try connection.query("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name").map {
      "\($0.string("type") ?? "") \($0.string("name") ?? "") \($0.string("tbl_name") ?? "") \($0.string("sql") ?? "")"
    } + [
      "user_version \(try connection.userVersion)",
      "application_id \(try connection.first("PRAGMA application_id")?.int("application_id") ?? 0)",
    ]
  }
}
