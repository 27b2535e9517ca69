import ExhibitKit
import NIOConcurrencyHelpers
import NIOCore

/// The server's way to its catalogue: every request's reads and writes, run on the pool's
/// threads (``ThreadPoolExecutor``), never on an event loop, through the backend the catalogue
/// lives on (``CatalogueBackend``), with what pages read kept in a ``ReadCache`` until the
/// catalogue changes.
final class CataloguePool: Sendable {
  /// Where the catalogue lives.
  let backend: any CatalogueBackend
  private let executor: ThreadPoolExecutor
  private let cache: ReadCache
  private let recentVersion = NIOLockedValueBox<(asked: NIODeadline, version: Int64)>((.distantPast, -1))

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
