import ExhibitSQLite
import ExhibitStorage

extension Schema {
  /// Migration 18's Swift step: `evidence_link.recording_id` may be NULL (an observation).
  ///
  /// SQLite cannot drop a NOT NULL constraint with ALTER TABLE; its documentation gives this
  /// way for such a change, which leaves every stored row as it is: edit the table's text in
  /// `sqlite_schema` and bump the schema version so every connection reads it again. A table
  /// rebuild would need foreign keys off, which a migration's transaction cannot do.
  static func allowObservations(_ connection: Connection) throws {
    let before = "recording_id INTEGER NOT NULL REFERENCES recording (id)"
    let after = "recording_id INTEGER REFERENCES recording (id)"
    guard
      let row = try connection.first(
        "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'evidence_link'"),
      (try row.decode("sql") as String).contains(before)
    else { throw SQLiteError(extendedCode: 1, message: "evidence_link is not as migration 17 left it") }
    let version: Int64 = try connection.first("PRAGMA schema_version")?.decode("schema_version") ?? 0
    try connection.execute("PRAGMA writable_schema = ON")
    defer { try? connection.execute("PRAGMA writable_schema = OFF") }
    try connection.execute(
      "UPDATE sqlite_schema SET sql = replace(sql, ?, ?) WHERE type = 'table' AND name = 'evidence_link'",
      [before, after])
    try connection.execute("PRAGMA schema_version = \(version + 1)")
    try connection.execute("PRAGMA writable_schema = OFF")
  }
}
