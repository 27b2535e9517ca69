import ExhibitKit
import NIOConcurrencyHelpers

/// What pages read from the database, kept until the database changes.
///
/// A page's data (the overview's tallies, a component's checklist, a search's hits) depends only
/// on the database, not on who asks, so many readers share one computation. Whether the database
/// changed is asked of the backend (``CatalogueBackend/version()``: SQLite's `data_version`,
/// or PostgreSQL's change notifications, which move when anyone commits, this server, another
/// server or a command); a change empties the cache. Pages themselves are rendered per request, with the visitor's name and
/// CSRF token.
final class ReadCache: @unchecked Sendable {
  private struct State {
    var version: Int64 = -1
    var entries: [String: any Sendable] = [:]
  }

  private let state = NIOLockedValueBox(State())
  /// The database's version now.
  private let currentVersion: @Sendable () throws -> Int64
  private let limit: Int

  /// A cache asking `version` whether the database changed, holding at most `limit` entries.
  init(version: @escaping @Sendable () throws -> Int64, limit: Int = 512) {
    currentVersion = version
    self.limit = limit
  }

  /// The value stored under `key` while the database is unchanged, else `make`'s, stored.
  func value<T: Sendable>(_ key: String, make: () async throws -> T) async throws -> T {
    let version = try currentVersion()
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
    let made = try await make()
    state.withLockedValue { state in
      guard state.version == version else { return }
      if state.entries.count >= limit { state.entries = [:] }
      state.entries[key] = made
    }
    return made
  }

  /// The value stored under `key` if the database is still at `version`; never makes one.
  func entry<T: Sendable>(_ key: String, at version: Int64, as type: T.Type = T.self) -> T? {
    state.withLockedValue { state in
      guard state.version == version, let stored = state.entries[key] else { return nil }
      return stored as? T
    }
  }
}
