import ExhibitSQLite

extension Store {
  /// Checks the whole workspace: the audit chain, SQLite's integrity and foreign keys, and that
  /// the evidence tables hold what the audit trail records (``EvidenceReplay``).
  ///
  /// The checks read one snapshot, so a command committing meanwhile cannot make the trail and the
  /// tables seem to disagree.
  /// - Returns: The chain's report with every problem found.
  /// - Throws: ``SQLiteError``.
  public func verifyWorkspace() throws -> AuditChainReport {
    try connection.reading { try checkWorkspace() }
  }

  private func checkWorkspace() throws -> AuditChainReport {
    let chain = try auditTrail.verifyChain()
    var problems = chain.problems
    let integrity = try connection.query("PRAGMA integrity_check").compactMap { $0.string("integrity_check") }
    if integrity != ["ok"] {
      problems += integrity.prefix(20).map { .init(path: path, problem: "SQLite integrity check: \($0)") }
    }
    for row in try connection.query("PRAGMA foreign_key_check") {
      problems.append(
        .init(
          path: "\(row.string("table") ?? "?"):\(row.int64("rowid") ?? 0)",
          problem: "refers to a \(row.string("parent") ?? "?") row that does not exist"))
    }
    problems += try auditTrail.subjectIndexProblems()
    problems += try EvidenceReplay(connection).disagreements(in: connection)
    // The search cache holds no evidence, but a count out of range in it is named.
    for (file, problem) in try PhraseStatistics.cacheProblems(besides: path, connection) ?? [] {
      problems.append(.init(path: file, problem: problem))
    }
    return AuditChainReport(events: chain.events, headHash: chain.headHash, problems: problems)
  }

  /// What `bundle` checks before it writes anything: the audit chain, and that the component's
  /// rows hold what the trail records (``EvidenceReplay`` over a ``ReplayScope``).
  /// - Throws: ``BundleError/untrustworthyWorkspace(problems:)`` naming every problem, or ``SQLiteError``.
  func checkBeforeBundling(_ component: ComponentID) throws {
    let problems = try connection.reading {
      let chain = try auditTrail.verifyChain()
      guard chain.valid else { return chain.problems }
      return try EvidenceReplay(connection).disagreements(
        in: connection, scope: ReplayScope(component: component))
    }
    if !problems.isEmpty {
      throw BundleError.untrustworthyWorkspace(problems: problems.map { "\($0.path): \($0.problem)" })
    }
  }
}
