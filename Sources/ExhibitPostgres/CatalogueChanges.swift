import NIOConcurrencyHelpers
import PostgresNIO

/// What one server hears of commits to the catalogue, by anyone: a version that moves on every
/// change signalled on ``PostgresSchema/changeChannel`` (the triggers of migration 8), for the
/// server's read cache to keep what pages read while it stays the same.
///
/// It listens on a connection of its own. While it is not listening (before the first `LISTEN`,
/// or after the connection is lost and until it is made again, tried every second) it cannot
/// know, so the version moves on every ask and nothing is kept.
public final class CatalogueChanges: Sendable {
  private struct State {
    var version: Int64 = 0
    var listening = false
    var connection: PostgresConnection?
    var stopped = false
  }

  private let state = NIOLockedValueBox(State())
  private let listener = NIOLockedValueBox<Task<Void, Never>?>(nil)

  private init() {}

  /// Starts listening to `store`'s database.
  public static func listen(to store: PostgresStore) -> CatalogueChanges {
    let changes = CatalogueChanges()
    changes.listener.withLockedValue { $0 = Task { await changes.run(store) } }
    return changes
  }

  /// The catalogue's version as this server knows it.
  public func version() -> Int64 {
    state.withLockedValue { state in
      if !state.listening { state.version += 1 }
      return state.version
    }
  }

  /// This server has just written (its transaction has ended, committed or not): the version
  /// moves at once, so the page a browser is sent to after a save is read again, not kept from
  /// before it. The commit's own signal, heard a moment later, moves it once more.
  public func changedHere() {
    state.withLockedValue { $0.version += 1 }
  }

  /// Whether a change would be heard now.
  public var isListening: Bool { state.withLockedValue { $0.listening } }

  /// Stops listening and closes the connection.
  public func stop() async {
    let connection = state.withLockedValue { state -> PostgresConnection? in
      state.stopped = true
      state.listening = false
      return state.connection
    }
    let task = listener.withLockedValue { $0 }
    task?.cancel()
    try? await connection?.close()
    await task?.value
  }

  private func run(_ store: PostgresStore) async {
    while !Task.isCancelled, !state.withLockedValue({ $0.stopped }) {
      do {
        let connection = try await store.pool.dedicatedConnection()
        let kept = state.withLockedValue { state -> Bool in
          guard !state.stopped else { return false }
          state.connection = connection
          return true
        }
        guard kept else {
          try? await connection.close()
          return
        }
        try await connection.listen(on: PostgresSchema.changeChannel) { notifications in
          heard(listening: true)
          for try await _ in notifications { heard(listening: true) }
        }
      } catch {
        // Lost or refused: said by the version moving on every ask until listening again.
      }
      let connection = state.withLockedValue { state -> PostgresConnection? in
        state.listening = false
        state.version += 1
        defer { state.connection = nil }
        return state.connection
      }
      try? await connection?.close()
      try? await Task.sleep(for: .seconds(1))
    }
  }

  /// A change heard, or listening begun: whatever was kept before is of an older catalogue.
  private func heard(listening: Bool) {
    state.withLockedValue { state in
      state.version += 1
      state.listening = listening && !state.stopped
    }
  }
}
