import Foundation
import Logging
import PostgresNIO

/// A PostgreSQL catalogue: a pool of connections to one database, and the transactions every
/// operation runs in.
///
/// Open one with ``with(_:maximumConnections:_:)``, which runs the pool for the body's duration.
/// Each Exhibit process (a command, or a server among several) has its own pool; the database
/// serializes what must be serialized across them.
public final class PostgresStore: Sendable {
  /// The database, for messages (no password).
  public let url: String
  let client: PostgresClient
  let logger: Logger

  private init(client: PostgresClient, url: String, logger: Logger) {
    self.client = client
    self.url = url
    self.logger = logger
  }

  /// Runs `body` with a store connected to `location`, then closes its connections.
  ///
  /// The first connection is made before `body` runs, so a wrong password or a missing database
  /// is reported here, before any work.
  /// - Parameters:
  ///   - location: The database.
  ///   - maximumConnections: The pool's size.
  ///   - body: The work.
  /// - Returns: What `body` returned.
  /// - Throws: ``PostgresStoreError``, or what `body` throws.
  @discardableResult
  public static func with<Result: Sendable>(
    _ location: PostgresLocation, maximumConnections: Int = 8,
    _ body: (PostgresStore) async throws -> Result
  ) async throws -> Result {
    var logger = Logger(label: "exhibit.postgres")
    logger.logLevel = .critical
    // A first connection of its own: the pool would retry a refused sign-in quietly, for ever.
    do {
      let first = try await PostgresConnection.connect(
        configuration: connectionConfiguration(location), id: 0, logger: logger)
      try? await first.close()
    } catch {
      throw PostgresStoreError.from(error, url: location.redacted)
    }
    var configuration: PostgresClient.Configuration
    if let folder = location.socketFolder {
      configuration = .init(
        unixSocketPath: socketPath(folder, location.port), username: location.user,
        password: location.password, database: location.database)
    } else {
      configuration = .init(
        host: location.host ?? "localhost", port: location.port, username: location.user,
        password: location.password, database: location.database, tls: .disable)
    }
    configuration.options.maximumConnections = maximumConnections
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    let store = PostgresStore(client: client, url: location.redacted, logger: logger)
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      defer { group.cancelAll() }
      return try await body(store)
    }
  }

  /// The settings of one connection to `location`.
  private static func connectionConfiguration(_ location: PostgresLocation)
    -> PostgresConnection.Configuration
  {
    if let folder = location.socketFolder {
      return .init(
        unixSocketPath: socketPath(folder, location.port), username: location.user,
        password: location.password, database: location.database)
    }
    return .init(
      host: location.host ?? "localhost", port: location.port, username: location.user,
      password: location.password, database: location.database, tls: .disable)
  }

  /// The socket a server on `port` listens on in `folder`.
  private static func socketPath(_ folder: String, _ port: Int) -> String {
    "\(folder)/.s.PGSQL.\(port)"
  }
}
