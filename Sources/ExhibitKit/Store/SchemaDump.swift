import ExhibitSQLite
/// A readable dump of a database's schema, as `Database/schema.sql` holds it.
public enum SchemaDump {
  /// Suffixes of the shadow tables FTS5 creates for each index; they are implied by the index.
  private static let ftsShadowSuffixes = ["_data", "_idx", "_content", "_docsize", "_config"]

  /// Renders every table, index, trigger and virtual table in creation order, with the version.
  /// - Throws: ``SQLiteError`` when the schema cannot be read.
  public static func render(_ connection: Connection) throws -> String {
    let rows = try connection.query(
      "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid")
    let virtualTables = rows.filter { ($0.string("sql") ?? "").hasPrefix("CREATE VIRTUAL TABLE") }
      .compactMap { $0.string("name") }
    var text = "-- Exhibit database schema, dumped from a fresh database. Do not edit by hand:\n"
    text += "-- change the migrations in Sources/ExhibitKit/Store/Schema.swift, then run `make schema`.\n"
    text += "PRAGMA user_version = \(try connection.userVersion);\n"
    for row in rows {
      guard let name = row.string("name"), let sql = row.string("sql") else { continue }
      let isShadow = virtualTables.contains { table in
        ftsShadowSuffixes.contains { name == table + $0 }
      }
      if isShadow || name.hasPrefix("sqlite_") { continue }
      text += "\n\(sql);\n"
    }
    return text
  }
}
