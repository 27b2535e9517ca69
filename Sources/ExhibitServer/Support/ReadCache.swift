import ExhibitKit
import NIOConcurrencyHelpers

/// What pages read from the database, kept until the database changes.
///
/// A page's data (the overview's tallies, a component's checklist, a search's hits) depends only
/// on the database, not on who asks, so many readers share one computation. Whether the database
/// changed is asked of the backend (``CatalogueBackend/version()``: SQLite's `data_version`,
/// or PostgreSQL's change notifications, which move when anyone commits, this server, another
/// server or a command); a change empties the cache. Pages themselves are rendered per request,
/// with the visitor's name and CSRF token.
///
/// Requests that miss the same key at once share one computation: the first makes the value and
/// the others wait for it (a ``Flight``). After a change, every server's cache empties at once,
/// and the requests in flight would otherwise each read the same page's data from the database.
final class ReadCache: @unchecked Sendable {
  /// One computation of a key's value, and the requests waiting for it; used under the lock.
  private final class Flight: @unchecked Sendable {
    var waiters: [CheckedContinuation<(any Sendable)?, Never>] = []
    /// Set once the computation ended: its value, or nil when it failed.
    var outcome: (any Sendable)??
  }

  private enum Slot {
    case ready(any Sendable)
    case computing(Flight)
  }

  private struct State {
    var version: Int64 = -1
    var entries: [String: Slot] = [:]
  }

  /// What a request does about a key.
  private enum Step<T> {
    case hit(T)
    case join(Flight)
    case lead(Flight)
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

  /// The value stored under `key` while the database is unchanged, else `make`'s, stored; made
  /// once for the requests that ask for it at the same time.
  func value<T: Sendable>(_ key: String, make: () async throws -> T) async throws -> T {
    let version = try currentVersion()
    let step = state.withLockedValue { state -> Step<T> in
      if state.version != version {
        state.version = version
        state.entries = [:]
      }
      switch state.entries[key] {
      case .ready(let stored)?:
        if let hit = stored as? T { return .hit(hit) }
      case .computing(let flight)?:
        return .join(flight)
      case nil:
        break
      }
      if state.entries.count >= limit { state.entries = [:] }
      let flight = Flight()
      state.entries[key] = .computing(flight)
      return .lead(flight)
    }
    switch step {
    case .hit(let value):
      return value
    case .join(let flight):
      // The first request's value, read from the database after this one asked; or, when it
      // failed, this request tries for itself.
      if let shared = await wait(for: flight) as? T { return shared }
      return try await make()
    case .lead(let flight):
      do {
        let made = try await make()
        finish(flight, key: key, version: version, with: made)
        return made
      } catch {
        finish(flight, key: key, version: version, with: nil)
        throw error
      }
    }
  }

  /// The value stored under `key` if the database is still at `version`; never makes one.
  func entry<T: Sendable>(_ key: String, at version: Int64, as type: T.Type = T.self) -> T? {
    // The cast is made outside the lock, which the event loops answering media share.
    let stored = state.withLockedValue { state -> (any Sendable)? in
      guard state.version == version, case .ready(let stored)? = state.entries[key] else { return nil }
      return stored
    }
    return stored.flatMap { $0 as? T }
  }

  private func wait(for flight: Flight) async -> (any Sendable)? {
    await withCheckedContinuation { continuation in
      let ended = state.withLockedValue { _ -> (any Sendable)?? in
        if let outcome = flight.outcome { return .some(outcome) }
        flight.waiters.append(continuation)
        return nil
      }
      if let ended { continuation.resume(returning: ended) }
    }
  }

  /// Ends a computation: its value kept while the database is still at `version`, and every
  /// request waiting for it resumed.
  private func finish(_ flight: Flight, key: String, version: Int64, with value: (any Sendable)?) {
    let waiters = state.withLockedValue { state -> [CheckedContinuation<(any Sendable)?, Never>] in
      flight.outcome = .some(value)
      if case .computing(let current)? = state.entries[key], current === flight {
        if state.version == version, let value {
          state.entries[key] = .ready(value)
        } else {
          state.entries[key] = nil
        }
      }
      defer { flight.waiters = [] }
      return flight.waiters
    }
    for waiter in waiters { waiter.resume(returning: value) }
  }
}
