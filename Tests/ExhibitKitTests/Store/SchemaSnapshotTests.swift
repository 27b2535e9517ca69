import ExhibitSQLite
import ExhibitStorage
import Foundation
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

  @Test func aNewWorkspaceFileIsTheImageAndTheImageIsWhatTheScriptBuilds() throws {
    let folder = try TemporaryFolder()
    // The script run as before, on a connection that makes the file.
    let built = try Connection(path: folder.path("built.sqlite"))
    let scriptOnly = try #require(Schema.snapshot.map { SchemaSnapshot(version: $0.version, sql: $0.sql) })
    try Migrator(migrations: Schema.migrations, snapshot: scriptOnly).migrate(built)
    #expect(
      Migrator(migrations: Schema.migrations, snapshot: scriptOnly).writeNewFile(at: folder.path("no.sqlite"))
        == false)
    // A workspace's first write: the file written from the image, then opened and found current.
    let store = try Store.open(at: folder.path("Database/exhibit.sqlite"), access: .write)
    let written = try #require(Schema.snapshot?.imageBytes)
    #expect(written.count > 100_000 && written.count % 4096 == 0)
    // Written, not built: a file built on the connection would hold its schema in the WAL still.
    #expect(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("Database/exhibit.sqlite")))) == written)
    #expect(try Self.schema(of: store.connection) == Self.schema(of: built))
    for pragma in [
      "journal_mode", "page_size", "auto_vacuum", "encoding", "freelist_count", "integrity_check",
    ] {
      #expect(
        try store.connection.first("PRAGMA \(pragma)")?.string(pragma)
          == built.first("PRAGMA \(pragma)")?.string(pragma),
        "PRAGMA \(pragma)")
    }
    #expect(try store.connection.first("PRAGMA integrity_check")?.string("integrity_check") == "ok")
    // A file that is there already is kept as it is, whatever it holds.
    let other = folder.path("other.sqlite")
    try Data("not a database".utf8).write(to: URL(fileURLWithPath: other))
    #expect(Schema.migrator.writeNewFile(at: other) == false)
    #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == Data("not a database".utf8))
    // Written where nothing was: the image's bytes, and no file of its own left beside.
    let fresh = folder.path("fresh.sqlite")
    #expect(Schema.migrator.writeNewFile(at: fresh))
    #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: fresh))) == written)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
        "Database", "built.sqlite", "built.sqlite-shm", "built.sqlite-wal", "fresh.sqlite", "other.sqlite",
      ])
  }

  @Test func anImageThatDoesNotDecodeWritesNothing() throws {
    let folder = try TemporaryFolder()
    // Not base64; too short for its length; a stretch longer than the length it claims.
    let stretchTooLong = Data([16, 0, 0, 0, 0, 0, 0, 0, 32, 0, 0, 0, 1]).base64EncodedString()
    for image in ["%%%", "AAAA", stretchTooLong] {
      let snapshot = SchemaSnapshot(version: 1, sql: "", image: image)
      #expect(snapshot.imageBytes == nil, "\(image)")
      #expect(!snapshot.writeNewFile(at: folder.path("x.sqlite")), "\(image)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    // A well-formed one is its bytes: two stretches, zeros between and after.
    let image = Data([12, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 7, 8, 3, 0, 0, 0, 1, 0, 0, 0, 9])
      .base64EncodedString()
    #expect(
      SchemaSnapshot(version: 1, sql: "", image: image).imageBytes == [0, 7, 8, 0, 0, 0, 9, 0, 0, 0, 0, 0])
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
