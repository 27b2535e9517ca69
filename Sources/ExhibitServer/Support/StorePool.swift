import ExhibitKit
import NIOConcurrencyHelpers
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
