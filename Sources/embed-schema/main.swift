import Foundation

// Writes the database's SQL as Swift for ExhibitKit (run by the EmbedSchema plugin):
//   embed-schema SCHEMA.sql OUTPUT.swift [--image IMAGE.txt] [MIGRATION.sql...]
// `Schema.snapshot` is the dump, versioned by its `PRAGMA user_version` (a dump without one embeds
// no snapshot); `Schema.scripts` holds each migration file's text under the number its name
// starts with (`012-current-criteria.sql` is version 12). The snapshot carries the database file
// its script makes (IMAGE.txt, from Scripts/make-schema-image.py), which a new workspace's file is
// written from.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(
    Data("usage: embed-schema SCHEMA.sql OUTPUT.swift [--image IMAGE.txt] [MIGRATION.sql...]\n".utf8))
  exit(2)
}

/// The file's text as a raw string literal, or the reason it cannot be one.
func literal(_ path: String) -> String {
  let text: String
  do {
    text = try String(contentsOfFile: path, encoding: .utf8)
  } catch {
    FileHandle.standardError.write(Data("embed-schema: \(path): \(error)\n".utf8))
    exit(1)
  }
  guard !text.contains("\"\"\"#") else {
    FileHandle.standardError.write(Data("embed-schema: \(path) holds a closing raw delimiter\n".utf8))
    exit(1)
  }
  // A line break before the closing delimiter is not part of the literal: the text stays exact.
  return "#\"\"\"\n\(text)\n\"\"\"#"
}

let sql = (try? String(contentsOfFile: arguments[1], encoding: .utf8)) ?? ""
let versionPrefix = "PRAGMA user_version = "
let version =
  sql.split(separator: "\n").first { $0.hasPrefix(versionPrefix) }
  .flatMap { Int($0.dropFirst(versionPrefix.count).prefix { $0.isNumber }) } ?? 0
// The file the snapshot's script makes, encoded (Database/schema-image.txt, which `make schema`
// writes beside it): a new workspace's file is written from it rather than built.
var migrationPaths = Array(arguments.dropFirst(3))
var image = ""
if migrationPaths.first == "--image", migrationPaths.count >= 2 {
  let path = migrationPaths[1]
  migrationPaths.removeFirst(2)
  let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  image = text.trimmingCharacters(in: .whitespacesAndNewlines)
  guard image.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+/=".contains($0)) }) else {
    FileHandle.standardError.write(Data("embed-schema: \(path) is not base64\n".utf8))
    exit(1)
  }
}
let snapshot =
  version == 0
  ? "nil"
  : "SchemaSnapshot(\n    version: \(version),\n    sql: \(literal(arguments[1])),\n    image: \(image.isEmpty ? "nil" : "\"\(image)\""))"

var scripts: [(Int, String)] = []
for path in migrationPaths {
  let name = (path as NSString).lastPathComponent
  guard let number = Int(name.prefix { $0.isNumber }), number > 0 else {
    FileHandle.standardError.write(
      Data("embed-schema: \(path): a migration's name starts with its version\n".utf8))
    exit(1)
  }
  guard !scripts.contains(where: { $0.0 == number }) else {
    FileHandle.standardError.write(
      Data("embed-schema: \(path): a second script for version \(number)\n".utf8))
    exit(1)
  }
  scripts.append((number, literal(path)))
}
let table =
  scripts.isEmpty ? "[:]" : "[\n" + scripts.map { "    \($0.0): \($0.1)," }.joined(separator: "\n") + "\n  ]"

let source = """
  // Generated at build time from Database/schema.sql and Database/migrations by the EmbedSchema plugin.
  import ExhibitSQLite

  extension Schema {
    /// The schema the migrations build (`Database/schema.sql`): a new database is made from it.
    static let snapshot: SchemaSnapshot? = \(snapshot)

    /// Each migration's script (`Database/migrations/NNN-name.sql`), by version.
    static let scripts: [Int: String] = \(table)
  }

  """
do {
  try source.write(toFile: arguments[2], atomically: true, encoding: .utf8)
} catch {
  FileHandle.standardError.write(Data("embed-schema: \(arguments[2]): \(error)\n".utf8))
  exit(1)
}
