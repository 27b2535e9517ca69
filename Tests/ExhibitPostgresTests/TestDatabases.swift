import ExhibitKit
import ExhibitPostgres
import ExhibitTestServers
import Foundation
import Testing

/// The PostgreSQL cluster the suite's tests share, started on first use; each test makes a
/// database of its own in it. It ends with the test process (its launcher watches for that).
let sharedPostgres = Result { try PostgresServer() }

/// The two backends the contract suite runs every operation on.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite, postgres

  var testDescription: String { rawValue }
}

/// A new, migrated PostgreSQL database in the shared cluster, its schema owned by `exhibit_owner`
/// and the application's rights granted to `exhibit_app`.
/// - Returns: The cluster and the database's name.
func newPostgresDatabase() async throws -> (server: PostgresServer, database: String) {
  let server = try await offThePool { try sharedPostgres.get() }
  let database = try await offThePool { try server.makeDatabase() }
  var owner = try server.location(role: "exhibit_owner")
  owner.database = database
  try await PostgresStore.with(owner) { try await $0.migrate(grantingTo: "exhibit_app") }
  return (server, database)
}

/// Runs `body` on an empty audit trail of `backend`, as the application would use it: a SQLite
/// workspace database in a temporary folder, or a new PostgreSQL database as `exhibit_app`.
func withEmptyTrail<T: Sendable>(
  _ backend: Backend, _ body: (any AuditTrailStorage) async throws -> T
) async throws -> T {
  switch backend {
  case .sqlite:
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-contract-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try Store.open(at: folder.appendingPathComponent("exhibit.sqlite").path, access: .write)
    defer { try? store.close() }
    return try await body(store)
  case .postgres:
    let (server, database) = try await newPostgresDatabase()
    var location = try server.location()
    location.database = database
    return try await PostgresStore.with(location) { try await body($0) }
  }
}
