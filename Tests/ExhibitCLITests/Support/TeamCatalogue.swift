import ExhibitTestServers
import Foundation
import Testing

/// Which catalogue the CLI suite's workspaces use: their own SQLite file (the default), or, with
/// `EXHIBIT_TEST_CATALOGUE=team` in the tests' environment, a team's: a new PostgreSQL database
/// for each workspace (`EXHIBIT_DB`, as the application's role) and a prefix of its own in an
/// S3-compatible bucket (`EXHIBIT_MEDIA`). `make test` runs the suite once each way.
enum TeamCatalogue {
  /// Whether this run's workspaces use a team's catalogue.
  static let isOn = ProcessInfo.processInfo.environment["EXHIBIT_TEST_CATALOGUE"] == "team"

  /// For tests that look inside the workspace's SQLite file or run what only exists there
  /// (forged tables, crash points, `wcag check`): they run in the SQLite pass only.
  static let sqliteOnly = Testing.ConditionTrait.enabled(if: !isOn, "reads the workspace's SQLite file")

  /// For suites that choose their backends themselves: run once, in the SQLite pass.
  static let once = Testing.ConditionTrait.enabled(if: !isOn, "sets its own catalogue on both backends")

  /// The bucket the team pass's workspaces share, each under a prefix of its own.
  static let objects = Result { try ObjectStoreServer() }

  /// A database `exhibit init --grant exhibit_app` migrated once, closed to connections: each
  /// workspace's catalogue is a copy of it (0.09 s), which its own `exhibit init` then finds at
  /// the current schema, where migrating an empty one took 0.55 s a workspace.
  static let migrated = Result { () throws -> String in
    let server = try ServerCatalogues.cluster.get()
    let database = try server.makeDatabase()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-template-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = CLIWorkspace.binary
    process.arguments = ["init", "--grant", "exhibit_app"]
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["PGPASSWORD"] = PostgresServer.password
    environment["EXHIBIT_DB"] = "postgres://exhibit_owner@127.0.0.1:\(server.port)/\(database)"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TeamCatalogueFailed(reason: String(decoding: printed, as: UTF8.self))
    }
    try server.closeToConnections(database)
    return database
  }

  /// Points `environment` at a new team catalogue: a copy of ``migrated``, found migrated by its
  /// owner's `exhibit init`, used as `exhibit_app`, and a new prefix in the shared bucket.
  /// - Throws: When the cluster, the bucket or `exhibit init` fails.
  static func attach(_ workspace: CLIWorkspace) throws {
    let server = try ServerCatalogues.cluster.get()
    let objects = try objects.get()
    let database = try server.makeDatabase(copying: try migrated.get())
    workspace.environment["PGPASSWORD"] = PostgresServer.password
    workspace.environment.merge(objects.environment) { $1 }
    workspace.environment["EXHIBIT_DB"] = "postgres://exhibit_owner@127.0.0.1:\(server.port)/\(database)"
    let initialized = try workspace.run("init", "--grant", "exhibit_app")
    guard initialized.status == 0 else { throw TeamCatalogueFailed(reason: initialized.stderr) }
    workspace.environment["EXHIBIT_DB"] = "postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"
    workspace.environment["EXHIBIT_MEDIA"] = "s3://\(objects.bucket)/\(database)"
  }
}

/// A team catalogue could not be made for a workspace.
struct TeamCatalogueFailed: Error, CustomStringConvertible {
  let reason: String
  var description: String { "no team catalogue: \(reason)" }
}
