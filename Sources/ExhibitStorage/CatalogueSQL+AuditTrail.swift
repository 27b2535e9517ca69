import ExhibitModel

// The audit trail's append, written once for both engines: the chain's lock (the one thing an
// engine supplies), the head, the event chained to it, and the subjects it touches indexed, all
// inside the caller's transaction so the event is stored only with the change it records.

extension CatalogueSQL {
  /// The newest event's id and hash: nil for an empty chain.
  /// - Throws: The backend's error, or ``RowDecodingError`` for a head that cannot be read.
  package func auditHead() throws -> (id: Int64, hash: String)? {
    guard let row = try first("SELECT id, hash FROM audit_event ORDER BY id DESC LIMIT 1") else { return nil }
    return (try row.decode("id"), try row.decode("hash"))
  }

  /// The hash of the audit chain's newest event (the genesis hash for an empty chain); inside a
  /// write transaction, the head the next event will follow.
  /// - Throws: The backend's error.
  package func auditHeadHash() throws -> String {
    try auditHead()?.hash ?? AuditEvent.genesisHash
  }

  /// Appends one event after the newest, inside the caller's write transaction, under the chain's
  /// lock (``lockAuditChain()``).
  /// - Parameters:
  ///   - entry: What happened.
  ///   - indexed: Whether to index the event's subjects (``AuditSubjects``); `false` only for
  ///     SQLite migrations older than the `audit_subject` table, which a later one indexes.
  /// - Returns: The event as stored.
  /// - Throws: The backend's error.
  @discardableResult
  package func appendAuditEvent(_ entry: AuditEntry, indexed: Bool = true) throws -> AuditEvent {
    try lockAuditChain()
    let head = try auditHead()
    let event = entry.chained(id: (head?.id ?? 0) + 1, after: head?.hash ?? AuditEvent.genesisHash)
    try execute(
      """
      INSERT INTO audit_event (id, at, actor, action, subject, before, after, previous_hash, hash)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        event.id, event.at, event.actor, event.action, event.subject, event.before, event.after,
        event.previousHash, event.hash,
      ])
    if indexed { try indexAuditSubjects(of: event) }
    return event
  }

  /// Records the subjects `event` touches (``AuditSubjects``) in the caller's transaction.
  /// - Throws: The backend's error.
  package func indexAuditSubjects(of event: AuditEvent) throws {
    let subjects = AuditSubjects.of(subject: event.subject, before: event.before, after: event.after)
    guard !subjects.isEmpty else { return }
    try execute(
      "INSERT INTO audit_subject (subject, event_id) VALUES "
        + subjects.map { _ in "(?, ?)" }.joined(separator: ", ") + " ON CONFLICT DO NOTHING",
      subjects.flatMap { [$0, event.id] as [any SQLBindable] })
  }

  /// Appends one event to the audit trail inside the caller's transaction.
  /// - Returns: The event as stored.
  /// - Throws: The backend's error.
  @discardableResult
  package func appendAudit(
    actor: String, action: String, subject: String, before: String? = nil, after: String? = nil
  ) throws -> AuditEvent {
    try appendAuditEvent(
      AuditEntry(actor: actor, action: action, subject: subject, before: before, after: after))
  }
}
