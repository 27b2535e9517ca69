import Foundation
import PostgresNIO

/// Watches one pooled connection for the server closing it, once for its whole life: the
/// operation running on it when it closes is told a second later (see ``PostgresStore``'s
/// `withConnection`), and no callback piles up per operation.
final class ConnectionWatch: @unchecked Sendable {
  let connection: PostgresConnection
  private let lock = NSLock()
  /// What to do if the connection closes under the current operation; nil between operations.
  private var onLoss: (@Sendable () -> Void)?

  init(_ connection: PostgresConnection) {
    self.connection = connection
    connection.closeFuture.whenComplete { [self] _ in
      Task {
        try? await Task.sleep(for: .seconds(1))
        let handler = self.lock.withLock { self.onLoss }
        handler?()
      }
    }
  }

  /// Sets what the loss of the connection means for the operation now running on it.
  func whileRunning(_ handler: (@Sendable () -> Void)?) {
    lock.withLock { onLoss = handler }
  }
}
