import ExhibitKit
import ExhibitModel
import PostgresNIO

/// The catalogue on PostgreSQL: ExhibitKit's domains over a ``PostgresStore``'s connections,
/// beside ``Store`` on SQLite. Each domain's storage seam (``CriteriaStorage``, the audit trail's
/// `AuditTrailStorage`) is implemented here with PostgreSQL's SQL, and decides and assembles
/// what it stores through the same rules as the SQLite side.
///
/// Built so far: the audit trail and criteria (``CatalogueStorage``). Recordings, links, audits,
/// accounts and search are kept on SQLite only (docs/postgres.md).
public struct PostgresCatalogue: Sendable {
  /// The database's connections and transactions.
  public let store: PostgresStore

  /// A catalogue on `store`'s database, whose schema ``PostgresStore/migrate(grantingTo:)`` made.
  public init(store: PostgresStore) {
    self.store = store
  }

  /// The logger queries are sent with.
  var logger: Logger { store.logger }
}

extension PostgresCatalogue: CatalogueStorage {
  /// The database's URL, without its password.
  public var location: String { store.url }
}

extension PostgresCatalogue: AuditTrailStorage {
  /// Appends one event after the newest, in a transaction of its own.
  /// - Throws: `PostgresStoreError`.
  public func appendAuditEvent(_ entry: AuditEntry) async throws -> AuditEvent {
    try await store.appendAuditEvent(entry)
  }

  /// Every event, oldest first.
  /// - Throws: `PostgresStoreError`.
  public func auditEvents() async throws -> [AuditEvent] { try await store.auditEvents() }

  /// The events indexed under any of `subjects`, oldest first.
  /// - Throws: `PostgresStoreError`.
  public func auditEvents(touching subjects: [String]) async throws -> [AuditEvent] {
    try await store.auditEvents(touching: subjects)
  }

  /// Walks the chain and names the first event that breaks it.
  /// - Throws: `PostgresStoreError`.
  public func verifyAuditChain() async throws -> AuditChainReport { try await store.verifyAuditChain() }
}
