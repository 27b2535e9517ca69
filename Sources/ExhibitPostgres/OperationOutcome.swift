import Foundation

/// The result of one database operation, set once, by whichever comes first: the operation, or
/// the watchdog that gives up on it when its connection is gone (``PostgresStore``'s
/// `withConnection`).
final class OperationOutcome<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var result: Result<Value, any Error>?
  private var handler: (@Sendable (Result<Value, any Error>) -> Void)?

  /// Calls `handler` once with the result, now if it is known.
  func whenDone(_ handler: @escaping @Sendable (Result<Value, any Error>) -> Void) {
    let known: Result<Value, any Error>? = lock.withLock {
      if result == nil { self.handler = handler }
      return result
    }
    if let known { handler(known) }
  }

  /// Sets the result unless it was set before, and hands it to the waiting handler.
  func finish(_ value: Result<Value, any Error>) {
    let handler: (@Sendable (Result<Value, any Error>) -> Void)? = lock.withLock {
      guard result == nil else { return nil }
      result = value
      defer { self.handler = nil }
      return self.handler
    }
    handler?(value)
  }
}
