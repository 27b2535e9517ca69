import Foundation
import Logging
import NIOSSL
import PostgresNIO

/// A PostgreSQL catalogue: a pool of connections to one database, and the transactions every
/// operation runs in.
///
/// Open one with ``with(_:maximumConnections:_:)``, which keeps a pool of connections
/// (``PostgresConnectionPool``) for the body's duration.
/// Each Exhibit process (a command, or a server among several) has its own pool; the database
/// serializes what must be serialized across them.
public final class PostgresStore: Sendable {
  /// The database, for messages (no password).
  public let url: String
  let pool: PostgresConnectionPool
  /// The logger queries are sent with (critical only: a query's text may hold what users typed).
  public let logger: Logger

  private init(pool: PostgresConnectionPool, url: String, logger: Logger) {
    self.pool = pool
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
    let store = try await open(location, maximumConnections: maximumConnections)
    do {
      let result = try await body(store)
      await store.close()
      return result
    } catch {
      await store.close()
      throw error
    }
  }

  /// A store connected to `location`, for a caller that outlives one body (a server); close it
  /// with ``close()``.
  ///
  /// The first connection is made now, so a wrong password or a missing database is reported
  /// here, before any work.
  /// - Throws: ``PostgresStoreError``.
  public static func open(_ location: PostgresLocation, maximumConnections: Int = 8) async throws
    -> PostgresStore
  {
    var logger = Logger(label: "exhibit.postgres")
    logger.logLevel = .critical
    let configuration: PostgresConnection.Configuration
    do { configuration = try connectionConfiguration(location) } catch {
      throw PostgresStoreError.unreachable(location.redacted, reason: "TLS cannot be set up: \(error)")
    }
    let pool = PostgresConnectionPool(
      configuration: configuration, maximum: maximumConnections, logger: logger)
    let store = PostgresStore(pool: pool, url: location.redacted, logger: logger)
    do {
      try await store.withConnection { _ in }
    } catch {
      await pool.close()
      throw error
    }
    return store
  }

  /// Closes the store's connections; call once no operation is running.
  public func close() async {
    await pool.close()
  }

  /// Runs `body` on a connection of the pool, given back afterwards.
  ///
  /// When the server closes the connection under `body` (a restart ends every session) and `body`
  /// has not finished a second later, the operation fails then: postgres-nio can leave a statement
  /// sent on a closing connection unanswered for ever, and a command must end and say why.
  /// - Throws: ``PostgresStoreError`` when no connection can be made or it is lost, or what
  ///   `body` throws.
  func withConnection<Result: Sendable>(
    _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    let watched: ConnectionWatch
    do { watched = try await pool.lease() } catch { throw PostgresStoreError.from(error, url: url) }
    let connection = watched.connection
    let outcome = OperationOutcome<Result>()
    let lost = PostgresStoreError.unreachable(url, reason: "the server closed the connection")
    let result = await withCheckedContinuation { continuation in
      outcome.whenDone { continuation.resume(returning: $0) }
      let work = Task {
        do { outcome.finish(.success(try await body(connection))) } catch { outcome.finish(.failure(error)) }
      }
      watched.whileRunning {
        outcome.finish(.failure(lost))
        work.cancel()
      }
    }
    await pool.giveBack(watched)
    return try result.get()
  }

  /// The settings of one connection to `location`.
  private static func connectionConfiguration(_ location: PostgresLocation) throws
    -> PostgresConnection.Configuration
  {
    if let folder = location.socketFolder {
      return .init(
        unixSocketPath: socketPath(folder, location.port), username: location.user,
        password: location.password, database: location.database)
    }
    return .init(
      host: location.host ?? "localhost", port: location.port, username: location.user,
      password: location.password, database: location.database, tls: try tls(location.encryption))
  }

  /// postgres-nio's TLS setting for libpq's `sslmode`.
  private static func tls(_ encryption: PostgresLocation.Encryption) throws
    -> PostgresConnection.Configuration.TLS
  {
    var configuration = TLSConfiguration.makeClientConfiguration()
    switch encryption {
    case .disable: return .disable
    case .prefer, .require: configuration.certificateVerification = .none
    case .verifyCA: configuration.certificateVerification = .noHostnameVerification
    case .verifyFull: configuration.certificateVerification = .fullVerification
    }
    let context = try NIOSSLContext(configuration: configuration)
    return encryption == .prefer ? .prefer(context) : .require(context)
  }

  /// The socket a server on `port` listens on in `folder`.
  private static func socketPath(_ folder: String, _ port: Int) -> String {
    "\(folder)/.s.PGSQL.\(port)"
  }
}
