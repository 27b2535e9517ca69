import ExhibitSQLite
import ExhibitStorage

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
    try operations.verifyTrailAndTables(
      storageChecks: {
        var problems: [AuditChainReport.Problem] = []
        let integrity = try connection.query("PRAGMA integrity_check").compactMap {
          $0.string("integrity_check")
        }
        if integrity != ["ok"] {
          problems += integrity.prefix(20).map { .init(path: path, problem: "SQLite integrity check: \($0)") }
        }
        for row in try connection.query("PRAGMA foreign_key_check") {
          problems.append(
            .init(
              path: "\(row.string("table") ?? "?"):\(row.int64("rowid") ?? 0)",
              problem: "refers to a \(row.string("parent") ?? "?") row that does not exist"))
        }
        return problems
      },
      cacheChecks: {
        // The search cache holds no evidence, but a count out of range in it is named.
        try (PhraseStatistics.cacheProblems(besides: path, connection) ?? []).map {
          AuditChainReport.Problem(path: $0.0, problem: $0.1)
        }
      })
  }

  /// What `bundle` checks before it writes anything: the audit chain, and that the component's
  /// rows hold what the trail records (``EvidenceReplay`` over a ``ReplayScope``).
  /// - Throws: ``BundleError/untrustworthyWorkspace(problems:)`` naming every problem, or ``SQLiteError``.
  func checkBeforeBundling(_ component: ComponentID) throws {
    try operations.checkBeforeBundling(component)
  }

}
