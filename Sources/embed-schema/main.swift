import Foundation

// Writes `Database/schema.sql` as ExhibitKit's `Schema.snapshot` (run by the EmbedSchema plugin):
//   embed-schema SCHEMA.sql OUTPUT.swift
// The version is the dump's `PRAGMA user_version`; a dump without one embeds no snapshot.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: embed-schema SCHEMA.sql OUTPUT.swift\n".utf8))
  exit(2)
}
let sql: String
do {
  sql = try String(contentsOfFile: arguments[1], encoding: .utf8)
} catch {
  FileHandle.standardError.write(Data("embed-schema: \(arguments[1]): \(error)\n".utf8))
  exit(1)
}
let versionPrefix = "PRAGMA user_version = "
let version =
  sql.split(separator: "\n").first { $0.hasPrefix(versionPrefix) }
  .flatMap { Int($0.dropFirst(versionPrefix.count).prefix { $0.isNumber }) } ?? 0
guard !sql.contains("\"\"\"#") else {
  FileHandle.standardError.write(Data("embed-schema: \(arguments[1]) holds a closing raw delimiter\n".utf8))
  exit(1)
}
let snapshot =
  version == 0
  ? "nil"
  : "SchemaSnapshot(\n    version: \(version),\n    sql: #\"\"\"\n\(sql)\"\"\"#)"
let source = """
  // Generated at build time from Database/schema.sql by the EmbedSchema plugin.
  import ExhibitSQLite

  extension Schema {
    /// The schema the migrations build (`Database/schema.sql`): a new database is made from it.
    static let snapshot: SchemaSnapshot? = \(snapshot)
  }

  """
do {
  try source.write(toFile: arguments[2], atomically: true, encoding: .utf8)
} catch {
  FileHandle.standardError.write(Data("embed-schema: \(arguments[2]): \(error)\n".utf8))
  exit(1)
}
