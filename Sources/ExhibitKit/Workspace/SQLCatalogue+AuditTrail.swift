import ExhibitStorage

// The audit trail of every SQL catalogue (``AuditTrailStorage``): the shared append, under the
// chain's lock the engine takes, and the reads and the walk of ``AuditTrail``.

extension SQLCatalogue {
  /// Appends one event after the newest, in a write transaction of its own.
  /// - Returns: The event as stored, with its id and hashes.
  /// - Throws: The engine's error.
  public func appendAuditEvent(_ entry: AuditEntry) async throws -> AuditEvent {
    try await withConnection { connection in
      try connection.sql.transaction { try connection.sql.appendAuditEvent(entry) }
    }
  }

  /// Every event, oldest first, in one read snapshot.
  /// - Throws: The engine's error, or ``RowDecodingError`` for an event that cannot be read.
  public func auditEvents() async throws -> [AuditEvent] {
    try await withConnection { connection in
      try connection.sql.reading { try AuditTrail(connection: connection.sql).history(nil) }
    }
  }

  /// The events indexed under any of `subjects`, oldest first, in one read snapshot.
  /// - Throws: The engine's error, or ``RowDecodingError`` for an event that cannot be read.
  public func auditEvents(touching subjects: [String]) async throws -> [AuditEvent] {
    try await withConnection { connection in
      try connection.sql.reading { try AuditTrail(connection: connection.sql).events(touching: subjects) }
    }
  }

  /// Walks the chain in one read snapshot and names the first event that breaks it.
  /// - Throws: The engine's error.
  public func verifyAuditChain() async throws -> AuditChainReport {
    try await withConnection { connection in
      try connection.sql.reading { try AuditTrail(connection: connection.sql).verifyChain() }
    }
  }
}
