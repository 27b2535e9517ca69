import ExhibitKit
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The server's connections to the workspace database, used off the event loops.
///
/// Readers take an idle connection (opening one when none is idle), so many requests read at
/// once; SQLite's WAL lets them read while another process writes. Writes go through one
/// connection at a time, and a write that meets another process's transaction waits on the
/// busy timeout rather than failing.
final class StorePool: @unchecked Sendable {
  /// The database file.
  let path: String
  private let threads: NIOThreadPool
  private let lock = NIOLock()
  private var idle: [Store] = []
  private let writeLock = NIOLock()
  private var writer: Store?
  private let cache: ReadCache
  private let recentVersion = NIOLockedValueBox<(asked: NIODeadline, version: Int64)>((.distantPast, -1))

  /// A pool over an existing database, with `threadCount` threads to run queries on.
  /// - Throws: ``SQLiteError`` when the database cannot be opened.
  init(path: String, threadCount: Int) throws {
    self.path = path
    cache = ReadCache(watcher: try Store.open(at: path, access: .read))
    threads = NIOThreadPool(numberOfThreads: threadCount)
    threads.start()
  }

  /// Like ``read(_:)``, but shares the result with every request for `key` until the
  /// database changes. `body` must depend on the database alone, never on who asks.
  func cachedRead<T: Sendable>(_ key: String, _ body: @escaping @Sendable (Store) throws -> T) async throws
    -> T
  {
    try await threads.runIfActive {
      try self.cache.value(key) {
        let store = try self.checkOut()
        defer { self.checkIn(store) }
        return try body(store)
      }
    }
  }

  /// A value made from what was read (a page's rendered body), kept in the read cache until the
  /// database changes; made on the pool's threads.
  func cachedValue<T: Sendable>(_ key: String, _ make: @escaping @Sendable () throws -> T) async throws -> T {
    try await threads.runIfActive { try self.cache.value(key, make: make) }
  }

  /// The database's version now (``ReadCache``), asked on the caller's thread: a few
  /// microseconds, so an event loop may ask it.
  func dataVersion() throws -> Int64 {
    try cache.version()
  }

  /// The database's version as asked at most a millisecond ago (``dataVersion()`` costs SQLite
  /// a read lock: three system calls), for the media fast path, which answers thousands of
  /// requests a second: an answer may be that much older than a commit in another process, as
  /// if the request had come a millisecond sooner.
  func recentDataVersion() throws -> Int64 {
    let now = NIODeadline.now()
    if let version = recentVersion.withLockedValue({ $0.asked + .milliseconds(1) > now ? $0.version : nil }) {
      return version
    }
    let version = try dataVersion()
    recentVersion.withLockedValue { $0 = (now, version) }
    return version
  }

  /// What ``cachedRead(_:_:)`` stored under `key`, if the database is still at `version`; never
  /// reads, so an event loop may ask it.
  func cachedEntry<T: Sendable>(_ key: String, at version: Int64, as type: T.Type = T.self) -> T? {
    cache.entry(key, at: version)
  }

  /// Runs `body` with a reading connection, on the pool's threads.
  func read<T: Sendable>(_ body: @escaping @Sendable (Store) throws -> T) async throws -> T {
    try await threads.runIfActive {
      let store = try self.checkOut()
      defer { self.checkIn(store) }
      return try body(store)
    }
  }

  /// Runs `body` with the one writing connection, on the pool's threads.
  func write<T: Sendable>(_ body: @escaping @Sendable (Store) throws -> T) async throws -> T {
    try await threads.runIfActive {
      try self.writeLock.withLock {
        let store = try self.writer ?? Store.open(at: self.path, access: .write)
        self.writer = store
        return try body(store)
      }
    }
  }

  /// Closes every connection and stops the threads.
  func shutdown() async throws {
    try await threads.shutdownGracefully()
    let stores = lock.withLock { () -> [Store] in
      defer { idle = [] }
      return idle
    }
    for store in stores { try? store.close() }
    cache.close()
    try? writeLock.withLock { try writer?.close() }
  }

  private func checkOut() throws -> Store {
    if let store = lock.withLock({ idle.popLast() }) { return store }
    return try Store.open(at: path, access: .read)
  }

  private func checkIn(_ store: Store) {
    lock.withLock { idle.append(store) }
  }
}
