import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

@Suite struct ConnectionTests {
  @Test func openingAFolderFailsAndNamesThePath() throws {
    let folder = try TemporaryFolder()
    let error = #expect(throws: SQLiteError.self) {
      _ = try Connection(path: folder.url.path, mode: .create)
    }
    #expect(error?.path == folder.url.path)
  }

  @Test func openingAFileThatIsNotADatabaseFails() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("notes.sqlite", String(repeating: "not a database\n", count: 100))
    let error = #expect(throws: SQLiteError.self) {
      _ = try Connection(path: path, mode: .readWrite)
    }
    #expect(error?.primaryCode == 26)  // SQLITE_NOTADB
    #expect(error?.path == path)
  }

  @Test func readOnlyOpenOfAMissingFileFails() throws {
    let folder = try TemporaryFolder()
    #expect(throws: SQLiteError.self) {
      _ = try Connection(path: folder.path("missing.sqlite"), mode: .readOnly)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path("missing.sqlite")))
  }

  @Test func newConnectionsUseWALFullSyncAndForeignKeys() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("a.sqlite"))
    #expect(try connection.first("PRAGMA journal_mode")?.string("journal_mode") == "wal")
    #expect(try connection.first("PRAGMA synchronous")?.int("synchronous") == 2)
    #expect(try connection.first("PRAGMA foreign_keys")?.int("foreign_keys") == 1)
  }

  /// Reads in `reading` see one snapshot: another connection's commit meanwhile is seen after it.
  /// A throwing body ends the transaction; inside a transaction it simply runs.
  @Test func readingSeesOneSnapshot() throws {
    struct Stop: Error {}
    let folder = try TemporaryFolder()
    let reader = try Connection(path: folder.path("a.sqlite"))
    let writer = try Connection(path: folder.path("a.sqlite"))
    try writer.execute("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1)")
    let count = { (connection: Connection) in try connection.first("SELECT count(*) AS n FROM t")?.int("n") }
    let seen = try reader.reading { () -> [Int?] in
      let before = try count(reader)
      try writer.execute("INSERT INTO t VALUES (2)")
      return [before, try count(reader)]
    }
    #expect(seen == [1, 1])
    #expect(try count(reader) == 2)
    #expect(throws: Stop.self) {
      try reader.reading {
        _ = try count(reader); throw Stop()
      }
    }
    try writer.execute("INSERT INTO t VALUES (3)")
    #expect(try count(reader) == 3, "a failed read left its transaction open")
    try reader.transaction {
      try reader.execute("INSERT INTO t VALUES (4)")
      #expect(try reader.reading { try count(reader) } == 4)
    }
  }

  @Test func badSQLNamesTheStatement() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("a.sqlite"))
    let error = #expect(throws: SQLiteError.self) {
      _ = try connection.query("SELEC 1 FROM nowhere")
    }
    #expect(error?.sql == "SELEC 1 FROM nowhere")
    #expect(error?.description.contains("SELEC 1 FROM nowhere") == true)
  }

  @Test func constraintErrorsCarryTheExtendedCodeButNotTheValues() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("a.sqlite"))
    try connection.execute("CREATE TABLE t (name TEXT UNIQUE)")
    try connection.execute("INSERT INTO t (name) VALUES (?)", ["secret-value"])
    let error = #expect(throws: SQLiteError.self) {
      try connection.execute("INSERT INTO t (name) VALUES (?)", ["secret-value"])
    }
    #expect(error?.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
    #expect(error?.isConstraintViolation == true)
    #expect(error?.sql == "INSERT INTO t (name) VALUES (?)")
    #expect(error?.description.contains("secret-value") == false)
  }

  @Test func valuesRoundTripThroughEveryStorageClass() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("a.sqlite"))
    try connection.execute("CREATE TABLE t (a, b, c, d, e)")
    try connection.execute(
      "INSERT INTO t VALUES (?, ?, ?, ?, ?)",
      [SQLValue.null, Int64(-7), 2.5, "naïve ✓", SQLValue.blob([0, 1, 255])])
    let row = try #require(try connection.first("SELECT * FROM t"))
    #expect(row["a"] == .null)
    #expect(row.int64("b") == -7)
    #expect(try row.decode("c") as Double == 2.5)
    #expect(row.string("d") == "naïve ✓")
    #expect(row["e"] == .blob([0, 1, 255]))
  }

  @Test func aThrowingTransactionRollsBack() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("a.sqlite"))
    try connection.execute("CREATE TABLE t (x INTEGER)")
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try connection.transaction {
        try connection.execute("INSERT INTO t VALUES (?)", [1])
        throw Stop()
      }
    }
    try connection.transaction { try connection.execute("INSERT INTO t VALUES (?)", [2]) }
    let values = try connection.query("SELECT x FROM t").compactMap { $0.int("x") }
    #expect(values == [2])
  }

  @Test func closeIsExplicitAndALaterUseFailsCleanly() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("a.sqlite"))
    try connection.close()
    #expect(throws: SQLiteError.self) { _ = try connection.query("SELECT 1") }
  }

  @Test func wrongParameterCountIsAnErrorNotACrash() throws {
    let folder = try TemporaryFolder()
    let connection = try Connection(path: folder.path("a.sqlite"))
    #expect(throws: SQLiteError.self) { _ = try connection.query("SELECT ?, ?", [1]) }
  }
}
