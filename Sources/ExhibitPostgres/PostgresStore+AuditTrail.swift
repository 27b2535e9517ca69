import ExhibitModel
import PostgresNIO

// The PostgreSQL side of the audit trail's seam. One chain under any number of writers on any
// number of servers: an append takes a transaction-scoped advisory lock, reads the head, and
// inserts the next event; the lock is released at commit, so the next writer's read sees it.
// The database checks it too: a trigger refuses an event that does not follow the head or whose
// hash is not its content's, and previous_hash is unique, so a writer that skipped the lock
// could not fork the chain either.

extension PostgresStore: AuditTrailStorage {
  /// Appends one event after the newest, with its subjects indexed (``AuditSubjects``).
  /// - Throws: ``PostgresStoreError``.
  public func appendAuditEvent(_ entry: AuditEntry) async throws -> AuditEvent {
    try await transaction { connection in try await self.appendAuditEvent(entry, on: connection) }
  }

  /// Appends one event after the newest inside the caller's transaction on `connection`, so the
  /// event is stored only with the change it records. The chain's lock is held until that
  /// transaction ends.
  /// - Throws: what postgres-nio throws; ``transaction(_:_:)`` turns it into ``PostgresStoreError``.
  public func appendAuditEvent(_ entry: AuditEntry, on connection: PostgresConnection) async throws
    -> AuditEvent
  {
    try await connection.query(Self.auditLockQuery, logger: logger)
    let head = try await connection.query(Self.auditHeadQuery, logger: logger).collect().first
    let event = try Self.chained(entry, after: head)
    for insertion in Self.insertions(of: event) { try await connection.query(insertion, logger: logger) }
    return event
  }

  /// Takes the audit chain's lock (``PostgresLock/auditAppend``) until the transaction ends.
  static var auditLockQuery: PostgresQuery { "SELECT pg_advisory_xact_lock(\(PostgresLock.auditAppend))" }

  /// Reads the chain's head: the newest event's id and hash.
  static var auditHeadQuery: PostgresQuery { "SELECT id, hash FROM audit_event ORDER BY id DESC LIMIT 1" }

  /// `entry` as the event after `head` (a row of ``auditHeadQuery``; nil for an empty chain).
  /// - Throws: What decoding the row throws.
  static func chained(_ entry: AuditEntry, after head: PostgresRow?) throws -> AuditEvent {
    let newest = try head?.decode((Int64, String).self)
    return entry.chained(id: (newest?.0 ?? 0) + 1, after: newest?.1 ?? AuditEvent.genesisHash)
  }

  /// The statements that store `event` and index its subjects (``AuditSubjects``).
  static func insertions(of event: AuditEvent) -> [PostgresQuery] {
    let subjects = AuditSubjects.of(subject: event.subject, before: event.before, after: event.after)
    return [
      """
      INSERT INTO audit_event (id, at, actor, action, subject, before, after, previous_hash, hash)
      VALUES (\(event.id), \(event.at), \(event.actor), \(event.action), \(event.subject), \(event.before),
        \(event.after), \(event.previousHash), \(event.hash))
      """,
      """
      INSERT INTO audit_subject (subject, event_id) SELECT unnest(\(subjects)::text[]), \(event.id)
      ON CONFLICT DO NOTHING
      """,
    ]
  }

  /// Takes the audit chain's lock until the transaction on `connection` ends: appends, and
  /// changes that must be recorded in the order they are made, wait for each other on every
  /// connection of every server. Taking it again in the same transaction is free.
  public func lockAuditChain(on connection: PostgresConnection) async throws {
    try await connection.query(Self.auditLockQuery, logger: logger)
  }

  /// Every event, oldest first.
  /// - Throws: ``PostgresStoreError``.
  public func auditEvents() async throws -> [AuditEvent] {
    try await events(where: "TRUE", [])
  }

  /// The events indexed under any of `subjects`, oldest first.
  /// - Throws: ``PostgresStoreError``.
  public func auditEvents(touching subjects: [String]) async throws -> [AuditEvent] {
    guard !subjects.isEmpty else { return [] }
    return try await events(
      where: "id IN (SELECT event_id FROM audit_subject WHERE subject = ANY($1))", [subjects])
  }

  /// Walks the chain oldest first, streaming the rows, and names the first event that breaks it.
  /// - Throws: ``PostgresStoreError``.
  public func verifyAuditChain() async throws -> AuditChainReport {
    let logger = logger
    do {
      return try await withConnection { connection in
        var walk = AuditChainWalk()
        let rows = try await connection.query(
          "SELECT \(unescaped: Self.eventColumns) FROM audit_event ORDER BY id", logger: logger)
        for try await row in rows {
          guard walk.check(try Self.event(row)) else { break }
        }
        return walk.report
      }
    } catch {
      throw PostgresStoreError.from(error, url: url)
    }
  }

  /// The newest event's hash, the genesis hash while the trail is empty.
  /// - Throws: ``PostgresStoreError``.
  public func auditHeadHash() async throws -> String {
    try await execute("SELECT hash FROM audit_event ORDER BY id DESC LIMIT 1").first?.decode(String.self)
      ?? AuditEvent.genesisHash
  }

  private static let eventColumns = "id, at, actor, action, subject, before, after, previous_hash, hash"

  private func events(where condition: String, _ subjects: [[String]]) async throws -> [AuditEvent] {
    var query = PostgresQuery(
      unsafeSQL: "SELECT \(Self.eventColumns) FROM audit_event WHERE \(condition) ORDER BY id")
    for binding in subjects { query.binds.append(binding) }
    return try await execute(query).map(Self.event)
  }

  private static func event(_ row: PostgresRow) throws -> AuditEvent {
    let (id, at, actor, action, subject, before, after, previousHash, hash) = try row.decode(
      (Int64, String, String, String, String, String?, String?, String, String).self)
    return AuditEvent(
      id: id, at: at, actor: actor, action: action, subject: subject, before: before, after: after,
      previousHash: previousHash, hash: hash)
  }
}
