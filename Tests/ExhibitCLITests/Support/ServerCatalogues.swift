import ExhibitTestServers
import Foundation
import Testing

/// Workspaces whose catalogue is on PostgreSQL, in a cluster the CLI's tests share.
enum ServerCatalogues {
  /// The cluster the CLI's PostgreSQL tests share, started on first use and ended with the process.
  static let cluster = Result { try PostgresServer() }

  /// A workspace whose catalogue is a new database of the cluster, as `role`.
  static func workspace(role: String = "exhibit_app") throws -> (CLIWorkspace, PostgresServer, String) {
    let server = try cluster.get()
    let database = try server.makeDatabase()
    let workspace = try CLIWorkspace()
    workspace.environment["EXHIBIT_DB"] = "postgres://\(role)@127.0.0.1:\(server.port)/\(database)"
    workspace.environment["PGPASSWORD"] = PostgresServer.password
    return (workspace, server, database)
  }

  /// `verify` of a SQLite copy of the workspace's PostgreSQL catalogue (`migrate --from`), which
  /// replays every event against the rows: its report, once the copy is made.
  static func verifiedCopy(_ workspace: CLIWorkspace) throws -> [String: Any] {
    let copy = workspace.path("copy-\(UUID().uuidString.prefix(8)).sqlite")
    let copied = try workspace.run(
      "migrate", "--from", workspace.environment["EXHIBIT_DB"] ?? "", "--to", copy)
    #expect(copied.status == 0, "\(copied.stderr)")
    let verified = try workspace.run("verify", "--db", copy, "--json")
    #expect(verified.status == 0, "\(verified.stdout) \(verified.stderr)")
    return try #require(try verified.json() as? [String: Any])
  }

  /// `criteria list --json` without the times of import.
  static func listing(_ workspace: CLIWorkspace, _ arguments: String...) throws -> [[String: String]] {
    let listed = try workspace.run(["criteria", "list", "--json"] + arguments)
    #expect(listed.status == 0, "\(listed.stderr)")
    let documents = try #require(try listed.json() as? [[String: Any]])
    return documents.map { document in
      document.filter { $0.key != "imported_at" }.mapValues { "\($0)" }
    }
  }

  /// A PostgreSQL catalogue (made by its owner, used as the application's role) with a copy of
  /// the sample media and the sample criteria imported.
  static func withMedia(on server: PostgresServer) throws -> (CLIWorkspace, String) {
    let database = try server.makeDatabase()
    let workspace = try CLIWorkspace()
    try FileManager.default.copyItem(
      at: CLIWorkspace.repository.appendingPathComponent("Media"),
      to: workspace.root.appendingPathComponent("Media"))
    workspace.environment["PGPASSWORD"] = PostgresServer.password
    workspace.environment["EXHIBIT_DB"] = "postgres://exhibit_owner@127.0.0.1:\(server.port)/\(database)"
    let initialized = try workspace.run("init", "--grant", "exhibit_app")
    #expect(initialized.status == 0, "\(initialized.stderr)")
    workspace.environment["EXHIBIT_DB"] = "postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"
    let imported = try workspace.run(
      "criteria", "import", CLIWorkspace.repository.appendingPathComponent("Criteria").path)
    #expect(imported.status == 0, "\(imported.stderr)")
    return (workspace, database)
  }
}
