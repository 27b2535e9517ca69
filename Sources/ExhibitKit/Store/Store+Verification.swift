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
    let catalogue = WorkspaceCatalogue(store: self)
    let connection = CatalogueConnection(connection)
    return try operations.verifyTrailAndTables(
      storageChecks: { try catalogue.storageProblems(connection) },
      cacheChecks: { try catalogue.cacheProblems(connection) })
  }

  /// What `bundle` checks before it writes anything: the audit chain, and that the component's
  /// rows hold what the trail records (``EvidenceReplay`` over a ``ReplayScope``).
  /// - Throws: ``BundleError/untrustworthyWorkspace(problems:)`` naming every problem, or ``SQLiteError``.
  func checkBeforeBundling(_ component: ComponentID) throws {
    try operations.checkBeforeBundling(component)
  }

}
