import Logging
import PostgresNIO

/// How strictly a transaction is isolated from others running at once.
public enum PostgresIsolation: String, Sendable {
  /// Each statement sees what was committed before it began (PostgreSQL's default).
  case readCommitted = "READ COMMITTED"
  /// The transaction sees one snapshot and fails (SQLSTATE 40001) rather than see others' writes.
  case repeatableRead = "REPEATABLE READ"
  /// As if transactions ran one after another; those that cannot are failed with 40001.
  case serializable = "SERIALIZABLE"
}

extension PostgresStore {
  /// The delays before each retry of a transaction that failed to serialize or deadlocked.
  static let retryDelays: [Duration] = [
    .milliseconds(5), .milliseconds(20), .milliseconds(80), .milliseconds(320),
  ]

  /// Runs `body` in a transaction on one pooled connection, committing when it returns and
  /// rolling back when it throws. A transaction the server failed for a serialization failure
  /// (SQLSTATE 40001) or a deadlock (40P01) is run again from the start, after a short wait.
  /// - Parameters:
  ///   - isolation: The transaction's isolation.
  ///   - body: The work, which may run more than once.
  /// - Returns: What `body` returned.
  /// - Throws: ``PostgresStoreError``, or what `body` throws.
  public func transaction<Result: Sendable>(
    _ isolation: PostgresIsolation = .readCommitted,
    _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    let logger = logger
    var attempt = 0
    while true {
      do {
        return try await withConnection { connection in
          try await connection.query("BEGIN ISOLATION LEVEL \(unescaped: isolation.rawValue)", logger: logger)
          do {
            let result = try await body(connection)
            try await connection.query("COMMIT", logger: logger)
            return result
          } catch {
            // A session the server ended (a restart, 57P01) or lost is closed, not rolled back:
            // a ROLLBACK sent on it would wait for an answer that never comes.
            if Self.sessionIsUsable(after: error) {
              _ = try? await connection.query("ROLLBACK", logger: logger)
            } else {
              try? await connection.close()
            }
            throw error
          }
        }
      } catch {
        let failure = PostgresStoreError.from(error, url: url)
        guard let state = failure.sqlState, state == "40001" || state == "40P01" else {
          throw error is PostgresStoreError || error is PSQLError ? failure : error
        }
        guard attempt < Self.retryDelays.count else {
          throw PostgresStoreError.busy(url, attempts: attempt + 1)
        }
        try await Task.sleep(for: Self.retryDelays[attempt])
        attempt += 1
      }
    }
  }

  /// Whether a connection can still run statements after `error`: not after the server ended the
  /// session (SQLSTATE class 57, operator intervention), a connection failure (class 08), or a
  /// failure of the connection itself rather than of a statement.
  static func sessionIsUsable(after error: any Error) -> Bool {
    guard let error = error as? PSQLError else { return true }
    guard let state = error.serverInfo?[.sqlState] else { return false }
    return !state.hasPrefix("57") && !state.hasPrefix("08")
  }

  /// Runs one statement outside a transaction.
  /// - Throws: ``PostgresStoreError``.
  @discardableResult
  public func execute(_ query: PostgresQuery) async throws -> [PostgresRow] {
    let logger = logger
    do {
      return try await withConnection { connection in
        try await connection.query(query, logger: logger).collect()
      }
    } catch {
      throw PostgresStoreError.from(error, url: url)
    }
  }
}
