import ExhibitTestServers
import PostgresNIO

@testable import ExhibitPostgres

/// A new database of the shared cluster with its schema as the release before migration
/// `version` left it (every earlier migration applied and recorded, as the owner), for tests of
/// what that migration does to rows already there.
/// - Returns: The cluster, the database's name, and the owner's location in it.
func postgresDatabase(before version: Int) async throws -> (
  server: PostgresServer, database: String, owner: PostgresLocation
) {
  let server = try await offThePool { try sharedPostgres.get() }
  let database = try await offThePool { try server.makeDatabase() }
  var owner = try server.location(role: "exhibit_owner")
  owner.database = database
  try await PostgresStore.with(owner) { store in
    _ = try await store.execute(
      "CREATE TABLE exhibit_schema (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
    )
    for migration in PostgresSchema.migrations where migration.version < version {
      for statement in SQLScript.statements(migration.sql) {
        _ = try await store.execute(PostgresQuery(unsafeSQL: statement))
      }
      _ = try await store.execute(
        "INSERT INTO exhibit_schema (version, name) VALUES (\(migration.version), \(migration.name))")
    }
  }
  return (server, database, owner)
}
