import Logging
import PostgresNIO

/// Connections to one database, kept open between operations and made when none is free, up to
/// a maximum; an operation waits for one beyond that.
///
/// A connection the server closed (a restart ends every session) is dropped when it is next
/// handed out or given back, and the next operation connects again. A failed connection attempt
/// fails the operation that asked, at once: postgres-nio's `PostgresClient` keeps a lease waiting
/// while it retries the server, with no deadline, where a command must fail and say why.
actor PostgresConnectionPool {
  private let configuration: PostgresConnection.Configuration
  private let maximum: Int
  private let logger: Logger
  /// Open connections not in use.
  private var idle: [ConnectionWatch] = []
  /// Connections open or being opened, in use or not.
  private var open = 0
  /// Operations waiting for a connection to be given back.
  private var waiting: [CheckedContinuation<Void, Never>] = []
  private var nextID = 1

  init(configuration: PostgresConnection.Configuration, maximum: Int, logger: Logger) {
    self.configuration = configuration
    self.maximum = max(1, maximum)
    self.logger = logger
  }

  /// An open connection for one operation; give it back with ``giveBack(_:)``.
  /// - Throws: postgres-nio's error when a new connection cannot be made.
  func lease() async throws -> ConnectionWatch {
    while true {
      if let watched = idle.popLast() {
        if !watched.connection.isClosed { return watched }
        open -= 1
        try? await watched.connection.close()
        continue
      }
      if open < maximum {
        open += 1
        nextID += 1
        do {
          return ConnectionWatch(
            try await PostgresConnection.connect(configuration: configuration, id: nextID, logger: logger))
        } catch {
          open -= 1
          wakeOne()
          throw error
        }
      }
      await withCheckedContinuation { waiting.append($0) }
    }
  }

  /// Takes a connection back: kept for the next operation while it is open, else dropped.
  func giveBack(_ watched: ConnectionWatch) async {
    watched.whileRunning(nil)
    if watched.connection.isClosed {
      open -= 1
      try? await watched.connection.close()
    } else {
      idle.append(watched)
    }
    wakeOne()
  }

  /// A connection of its own, outside the pool, for a caller that keeps it (a listener); the
  /// caller closes it.
  /// - Throws: postgres-nio's error when it cannot be made.
  func dedicatedConnection() async throws -> PostgresConnection {
    nextID += 1
    return try await PostgresConnection.connect(configuration: configuration, id: nextID, logger: logger)
  }

  /// Closes every idle connection; call once no operation is running.
  func close() async {
    let closing = idle
    idle = []
    open -= closing.count
    for watched in closing { try? await watched.connection.close() }
  }

  private func wakeOne() {
    if !waiting.isEmpty { waiting.removeFirst().resume() }
  }
}
