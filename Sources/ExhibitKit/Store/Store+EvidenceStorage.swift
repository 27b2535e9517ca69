extension Store {
  /// Gives the evidence store every readable recording and caption file the workspace holds at a
  /// present path and the store is not recorded as holding, and records each once it is held:
  /// how a workspace catalogued on one disk moves its evidence to the team's bucket.
  /// - Throws: ``SQLiteError``; a file the store does not take is in the report instead.
  public func storeEvidence(in storage: any EvidenceStorage) async throws -> EvidenceUpload {
    let ledger = StoredObjectLedger(connection: connection)
    let outcome = try await ledger.storeMissing(in: storage, among: nil, batchSize: 64)
    return EvidenceUpload(location: storage.location, stored: outcome.stored, problems: outcome.problems)
  }
}

/// What moving a workspace's evidence to a store did, as `migrate --media-to --json` prints it.
public struct EvidenceUpload: Sendable, Equatable, Codable {
  /// The store: `s3://bucket/prefix`.
  public var location: String
  /// Recordings and caption files stored and recorded now.
  public var stored: Int
  /// The files the store did not take, with the reason.
  public var problems: [CatalogueProblem]
}
