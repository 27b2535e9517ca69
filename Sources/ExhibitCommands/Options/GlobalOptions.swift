import ArgumentParser
import ExhibitKit
import Foundation

/// Options every command takes: which database, and whether to print JSON.
struct GlobalOptions: ParsableArguments {
  @Option(name: .long, help: "The database file (default: $EXHIBIT_DB, else ./Database/exhibit.sqlite).")
  var db: String?

  /// The database path this invocation uses.
  var databasePath: String { Self.databasePath(explicit: db) }

  /// The database `--db` names, else `$EXHIBIT_DB`, else the one in the current folder.
  static func databasePath(explicit: String?) -> String {
    // The one variable read, not the whole environment made into a dictionary.
    let variable = Workspace.databaseEnvironmentVariable
    return Workspace.resolveDatabasePath(
      explicit: explicit, environment: getenv(variable).map { [variable: String(cString: $0)] } ?? [:],
      currentDirectory: FileManager.default.currentDirectoryPath)
  }

  /// Whether the database is on a server (a `postgres://` URL) rather than a SQLite file.
  var isServerDatabase: Bool { DatabaseURL.isPostgres(databasePath) }

  /// Whether the command line or `$EXHIBIT_DB` names a database server at all: only then is a
  /// command asked whether it runs there (a cast to a protocol searches every conformance in the
  /// binary, a twentieth of a millisecond a SQLite workspace need not spend).
  static var serverDatabaseNamed: Bool {
    let environment = getenv(Workspace.databaseEnvironmentVariable).map { String(cString: $0) }
    return (CommandLine.arguments + [environment ?? ""]).contains(where: DatabaseURL.isPostgres)
  }

  /// Opens the store for a command that writes (creating a missing database).
  func openForWriting() throws -> Store {
    try Store.open(at: databasePath, access: .write)
  }

  /// Opens the store for a command that only reads (a missing database is an error).
  func openForReading() throws -> Store {
    try Store.open(at: databasePath, access: .read)
  }
}

/// The `--json` flag of commands that report.
struct OutputOptions: ParsableArguments {
  @Flag(name: .long, help: "Print one JSON document on stdout instead of a table.")
  var json = false
}

/// The `--audit` option of commands that read or write evidence.
struct AuditOption: ParsableArguments {
  @Option(help: "The audit: its id or PRODUCT@RELEASE (default: the audit in use, else the only open one).")
  var audit: String?
}
