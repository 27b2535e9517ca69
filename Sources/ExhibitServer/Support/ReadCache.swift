import ExhibitKit
import NIOConcurrencyHelpers

/// What pages read from the database, kept until the database changes.
///
/// A page's data (the overview's tallies, a component's checklist, a search's hits) depends only
/// on the database, not on who asks, so many readers share one computation. Whether the database
/// changed is asked of one watching connection (`PRAGMA data_version`, which moves when any
/// other connection commits, the server's writer or a `catalog` in another process); a change
/// empties the cache. Pages themselves are rendered per request, with the visitor's name and
/// CSRF token.
final class ReadCache: @unchecked Sendable {
  private struct State {
    var version: Int64 = -1
    var entries: [String: any Sendable] = [:]
  }

  private let state = NIOLockedValueBox(State())
  /// The watching connection, used only under `watcherLock` (so the class is Sendable).
  private let watcher: Store
  private let watcherLock = NIOLock()
  private let limit: Int

  /// A cache watching the database through `watcher`, holding at most `limit` entries.
  init(watcher: Store, limit: Int = 512) {
    self.watcher = watcher
    self.limit = limit
  }

  /// The value stored under `key` while the database is unchanged, else `make`'s, stored.
  func value<T: Sendable>(_ key: String, make: () throws -> T) throws -> T {
    let version = try watcherLock.withLock { try watcher.dataVersion() }
    if let hit = state.withLockedValue({ state -> T? in
      if state.version != version {
        state.version = version
        state.entries = [:]
      }
      // Unwrapped first: a missing entry cast to an optional T would be a hit of nil.
      guard let stored = state.entries[key] else { return nil }
      return stored as? T
    }) {
      return hit
    }
    let made = try make()
    state.withLockedValue { state in
      guard state.version == version else { return }
      if state.entries.count >= limit { state.entries = [:] }
      state.entries[key] = made
    }
    return made
  }

  /// The database's version now, as the watching connection sees it.
  func version() throws -> Int64 {
    try watcherLock.withLock { try watcher.dataVersion() }
  }

  /// The value stored under `key` if the database is still at `version`; never makes one.
  func entry<T: Sendable>(_ key: String, at version: Int64, as type: T.Type = T.self) -> T? {
    state.withLockedValue { state in
      guard state.version == version, let stored = state.entries[key] else { return nil }
      return stored as? T
    }
  }

  /// Closes the watching connection.
  func close() {
    watcherLock.withLock { try? watcher.close() }
  }
}
