// Findings of every SQL catalogue (``FindingOperations``), on a connection the engine lends.

extension SQLCatalogue {
  /// The findings of an audit's product, brought up to date first (`FindingStorage`).
  public func findings(audit name: String?, filter: FindingFilter, actor: String) async throws
    -> (audit: Audit, findings: [Finding])
  {
    let listed = try await withFindings {
      let listed = try $0.findings(audit: name, filter: filter, actor: actor)
      return ListedFindings(audit: listed.audit, findings: listed.findings)
    }
    return (listed.audit, listed.findings)
  }

  /// The findings of an audit's product as stored, in a read (`FindingStorage`).
  public func storedFindings(audit name: String?, filter: FindingFilter) async throws
    -> (audit: Audit, findings: [Finding])
  {
    let listed = try await withFindings(reading: true) {
      let listed = try $0.storedFindings(audit: name, filter: filter)
      return ListedFindings(audit: listed.audit, findings: listed.findings)
    }
    return (listed.audit, listed.findings)
  }

  /// One finding with what it rests on (`FindingStorage`).
  public func finding(_ reference: String) async throws -> FindingDetail {
    try await withFindings(reading: true) { try $0.detail(reference) }
  }

  /// Sets a finding's title, severity or status; audited (`FindingStorage`).
  public func setFinding(
    _ reference: String, title: String?, severity: FindingSeverity?, status: FindingStatus?, reason: String?,
    actor: String
  ) async throws -> Finding {
    try await withFindings {
      try $0.set(reference, title: title, severity: severity, status: status, reason: reason, actor: actor)
    }
  }

  /// Merges findings into the first; audited (`FindingStorage`).
  public func mergeFindings(_ survivor: String, _ others: [String], actor: String) async throws -> Finding {
    try await withFindings { try $0.merge(survivor, others, actor: actor) }
  }

  /// The findings to file, with what each rests on (`FindingStorage`).
  public func findingsToFile(audit name: String?, references: [String], actor: String) async throws
    -> [FindingDetail]
  {
    try await withFindings { try $0.filing(audit: name, references: references, actor: actor) }
  }

  /// Records that a finding is on a tracker; audited (`FindingStorage`).
  @discardableResult
  public func recordFiled(_ reference: String, tracker: FindingTracker, note: String? = nil, actor: String)
    async throws -> Bool
  {
    try await withFindings { try $0.recordFiled(reference, tracker: tracker, note: note, actor: actor) }
  }

  /// Records what the tracker says of a finding's issue; audited when it moved (`FindingStorage`).
  @discardableResult
  public func recordTrackerState(_ reference: String, closed: Bool, actor: String) async throws
    -> FindingStatus?
  {
    try await withFindings { try $0.recordTrackerState(reference, closed: closed, actor: actor) }
  }

  /// Runs `body` with the finding operations over a connection the engine lends.
  func withFindings<Result: Sendable>(
    reading: Bool = false, _ body: @escaping @Sendable (FindingOperations) throws -> Result
  ) async throws -> Result {
    try await withConnection { connection in
      let operations = FindingOperations(sql: connection.sql)
      return reading ? try connection.sql.reading { try body(operations) } : try body(operations)
    }
  }
}

/// An audit's findings, sendable across the pool's tasks.
private struct ListedFindings: Sendable {
  let audit: Audit
  let findings: [Finding]
}
