import ExhibitKit
import NIOConcurrencyHelpers

/// A workspace's SQLite file behind the server.
///
/// Readers take an idle connection (opening one when none is idle), so many requests read at
/// once; SQLite's WAL lets them read while another process writes. Writes go through one
/// connection at a time, and a write that meets another process's transaction waits on the
/// busy timeout rather than failing. The version is SQLite's `PRAGMA data_version` on a
/// watching connection, which moves when any other connection commits.
final class SQLiteBackend: CatalogueBackend, @unchecked Sendable {
  /// The database file.
  let path: String
  private let lock = NIOLock()
  private var idle: [Store] = []
  private let gate = WriteGate()
  /// The writing connection, used only inside `gate`.
  private var writer: Store?
  /// The watching connection, used only under `watcherLock`.
  private let watcher: Store
  private let watcherLock = NIOLock()

  var location: String { path }

  /// A backend over the existing database at `path`.
  /// - Throws: ``SQLiteError`` when the database cannot be opened.
  init(path: String) throws {
    self.path = path
    watcher = try Store.open(at: path, access: .read)
  }

  func withReader<T: Sendable>(_ body: @Sendable (any CatalogueStorage) async throws -> T) async throws -> T {
    let store = try checkOut()
    defer { checkIn(store) }
    return try await body(WorkspaceCatalogue(store: store))
  }

  func withWriter<T: Sendable>(_ body: @Sendable (any CatalogueStorage) async throws -> T) async throws -> T {
    try await gate.run {
      let store = try writer ?? Store.open(at: path, access: .write)
      writer = store
      return try await body(WorkspaceCatalogue(store: store))
    }
  }

  func withOwnConnection<T: Sendable>(_ body: @Sendable (any CatalogueStorage) async throws -> T)
    async throws -> T
  {
    let store = try Store.open(at: path, access: .write)
    defer { try? store.close() }
    return try await body(WorkspaceCatalogue(store: store))
  }

  func withBagSource<T: Sendable>(_ body: @Sendable (BagSource) async throws -> T) async throws -> T {
    let store = try checkOut()
    defer { checkIn(store) }
    return try await body(
      BagSource(
        catalogue: WorkspaceCatalogue(store: store), name: store.path,
        keyPath: SigningKey.path(forDatabase: store.path)))
  }

  func version() throws -> Int64 {
    try watcherLock.withLock { try watcher.dataVersion() }
  }

  func close() async {
    let stores = lock.withLock { () -> [Store] in
      defer { idle = [] }
      return idle
    }
    for store in stores { try? store.close() }
    watcherLock.withLock { try? watcher.close() }
    try? await gate.run { try writer?.close() }
  }

  private func checkOut() throws -> Store {
    if let store = lock.withLock({ idle.popLast() }) { return store }
    return try Store.open(at: path, access: .read)
  }

  private func checkIn(_ store: Store) {
    lock.withLock { idle.append(store) }
  }
}
