import NIOConcurrencyHelpers

/// Lets one body at a time through, in the order they came, across suspension points (a lock
/// cannot be held over an `await`): the SQLite workspace's one writing connection.
final class WriteGate: Sendable {
  private struct State {
    var busy = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let state = NIOLockedValueBox(State())

  /// Runs `body` once every body that came before it has finished.
  func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    await enter()
    defer { leave() }
    return try await body()
  }

  private func enter() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let admitted = state.withLockedValue { state -> Bool in
        guard state.busy else {
          state.busy = true
          return true
        }
        state.waiting.append(continuation)
        return false
      }
      if admitted { continuation.resume() }
    }
  }

  private func leave() {
    let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
      guard !state.waiting.isEmpty else {
        state.busy = false
        return nil
      }
      // The gate stays busy: it passes from this body to the next.
      return state.waiting.removeFirst()
    }
    next?.resume()
  }
}
