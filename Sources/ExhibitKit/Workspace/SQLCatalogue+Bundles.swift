// Bundles and verification of every SQL catalogue: the bundler and the checks read the
// catalogue in one read-only snapshot on a connection the engine lends (``CatalogueOperations``).

extension SQLCatalogue {
  /// Runs `body` with the composer's operations inside one read snapshot.
  private func inSnapshot<Result: Sendable>(
    _ body: @escaping @Sendable (CatalogueOperations) throws -> Result
  ) async throws -> Result {
    try await withConnection { connection in
      try connection.sql.reading { try body(CatalogueOperations(sql: connection.sql)) }
    }
  }

  /// Exports one bundle from one snapshot (``EvidenceBundleStorage``).
  public func exportBundle(_ request: BundleRequest) async throws -> BundleResult {
    try await inSnapshot { try EvidenceBundler.export(request, from: $0) }
  }

  /// Exports every bundle of an audit from one snapshot (``EvidenceBundleStorage``).
  public func exportAuditBundles(
    _ request: BundleRequest, progress: @escaping @Sendable (Int, Int, String) -> Void
  ) async throws -> EvidenceBundler.AuditExport {
    try await inSnapshot { try EvidenceBundler.exportAudit(request, from: $0, progress: progress) }
  }

  /// Checks the catalogue in one snapshot (``EvidenceBundleStorage``).
  public func verifyCatalogue() async throws -> AuditChainReport {
    try await withConnection { connection in
      try connection.sql.reading {
        try CatalogueOperations(sql: connection.sql).verifyTrailAndTables(
          storageChecks: { try storageProblems(connection) }, cacheChecks: { try cacheProblems(connection) })
      }
    }
  }

  /// Checks a bag against the catalogue in one snapshot (``EvidenceBundleStorage``).
  public func verifyBag(_ path: String, named name: String, keyPath: String, requireSignature: Bool)
    async throws -> BagReport
  {
    try await inSnapshot { operations in
      try BagVerifier.verify(
        path, against: operations.bagWorkspace(named: name, keyPath: keyPath),
        requireSignature: requireSignature)
    }
  }
}
