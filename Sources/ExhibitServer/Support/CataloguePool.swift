import ExhibitKit
import NIOCore
import Synchronization

/// The server's way to its catalogue: every request's reads and writes, run on the pool's
/// threads (``ThreadPoolExecutor``), never on an event loop, through the backend the catalogue
/// lives on (``CatalogueBackend``), with what pages read kept in a ``ReadCache`` until the
/// catalogue changes.
final class CataloguePool: Sendable {
  /// Where the catalogue lives.
  let backend: any CatalogueBackend
  private let executor: ThreadPoolExecutor
  private let cache: ReadCache
  /// ``recentDataVersion()``'s answer and when it was asked (nanoseconds of uptime), and
  /// whether a thread is asking again: atomics, so the event loops answering media never wait
  /// for each other or for the database.
  private let recentVersion = Atomic<Int64>(-1)
  private let recentVersionAsked = Atomic<Int64>(.min)
  private let recentVersionAsking = Atomic<Bool>(false)

  /// A pool over `backend`, with `threadCount` threads to run its work on.
  init(backend: any CatalogueBackend, threadCount: Int) {
    self.backend = backend
    executor = ThreadPoolExecutor(threadCount: threadCount)
    cache = ReadCache(version: { try backend.version() })
  }

  /// Like ``read(_:)``, but shares the result with every request for `key` until the
  /// catalogue changes. `body` must depend on the catalogue alone, never on who asks.
  func cachedRead<T: Sendable>(
    _ key: String, _ body: @escaping @Sendable (any CatalogueStorage) async throws -> T
  ) async throws -> T {
    let backend = backend
    return try await withTaskExecutorPreference(executor) {
      try await self.cache.value(key) { try await backend.withReader(body) }
    }
  }

  /// A value made from what was read (a page's rendered body), kept in the read cache until the
  /// catalogue changes; made on the pool's threads.
  func cachedValue<T: Sendable>(_ key: String, _ make: @escaping @Sendable () throws -> T) async throws -> T {
    try await withTaskExecutorPreference(executor) { try await self.cache.value(key) { try make() } }
  }

  /// The catalogue's version now (``CatalogueBackend/version()``), asked on the caller's
  /// thread: a few microseconds, so an event loop may ask it.
  func dataVersion() throws -> Int64 {
    try backend.version()
  }

  /// The catalogue's version as asked at most a millisecond ago (``dataVersion()`` costs SQLite
  /// a read lock: three system calls), for the media fast path, which answers thousands of
  /// requests a second: an answer may be that much older than a commit in another process, as
  /// if the request had come a millisecond sooner. One thread asks again when it is older; the
  /// others meanwhile take the version it replaces (older by the few microseconds the asking
  /// takes) instead of waiting on a lock.
  func recentDataVersion() throws -> Int64 {
    let now = Int64(NIODeadline.now().uptimeNanoseconds)
    if now < recentVersionAsked.load(ordering: .acquiring) + 1_000_000 {
      return recentVersion.load(ordering: .relaxed)
    }
    guard recentVersionAsking.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else { return recentVersion.load(ordering: .relaxed) }
    defer { recentVersionAsking.store(false, ordering: .releasing) }
    let version = try dataVersion()
    recentVersion.store(version, ordering: .relaxed)
    recentVersionAsked.store(now, ordering: .releasing)
    return version
  }

  /// What ``cachedRead(_:_:)`` stored under `key`, if the catalogue is still at `version`; never
  /// reads, so an event loop may ask it.
  func cachedEntry<T: Sendable>(_ key: String, at version: Int64, as type: T.Type = T.self) -> T? {
    cache.entry(key, at: version)
  }

  /// Runs `body` with a reading connection, on the pool's threads.
  func read<T: Sendable>(_ body: @escaping @Sendable (any CatalogueStorage) async throws -> T) async throws
    -> T
  {
    let backend = backend
    return try await withTaskExecutorPreference(executor) { try await backend.withReader(body) }
  }

  /// Runs `body` with a writing connection, on the pool's threads.
  func write<T: Sendable>(_ body: @escaping @Sendable (any CatalogueStorage) async throws -> T) async throws
    -> T
  {
    let backend = backend
    return try await withTaskExecutorPreference(executor) { try await backend.withWriter(body) }
  }

  /// Runs `body`, a long job, on a connection of its own (``CatalogueBackend/withOwnConnection(_:)``).
  func onOwnConnection<T: Sendable>(_ body: @escaping @Sendable (any CatalogueStorage) async throws -> T)
    async throws -> T
  {
    let backend = backend
    return try await withTaskExecutorPreference(executor) { try await backend.withOwnConnection(body) }
  }

  /// Runs `body` with the workspace bundles are made from, and bags are checked against
  /// (``CatalogueBackend/withBagSource(_:)``), on the pool's threads.
  func withBagSource<T: Sendable>(_ body: @escaping @Sendable (BagSource) async throws -> T) async throws -> T
  {
    let backend = backend
    return try await withTaskExecutorPreference(executor) { try await backend.withBagSource(body) }
  }

  /// Closes every connection and stops the threads.
  func shutdown() async throws {
    await backend.close()
    try await executor.shutdown()
  }
}
