// Conformance reports of every SQL catalogue (``ConformanceOperations``), on a connection the
// engine lends.

extension SQLCatalogue {
  /// An audit's conformance report, drafted from its verdicts, with who approved what
  /// (`ConformanceStorage`).
  public func acrDraft(audit name: String?) async throws -> (audit: Audit, draft: ACRDraft) {
    let drafted = try await withOperations { operations in
      try operations.sql.reading {
        let drafted = try operations.acrDraft(audit: name)
        return DraftedReport(audit: drafted.audit, draft: drafted.draft)
      }
    }
    return (drafted.audit, drafted.draft)
  }

  /// Who signs the catalogue's reports (`ConformanceStorage`).
  public func acrAuthor() async throws -> OpenACRDocument.Author? {
    try await withConformance(reading: true) { try $0.acrAuthor() }
  }

  /// Sets who signs the catalogue's reports; audited (`ConformanceStorage`).
  public func setACRAuthor(_ author: OpenACRDocument.Author, actor: String) async throws {
    try await withConformance { try $0.setACRAuthor(author, actor: actor) }
  }

  /// Decides a level of an audit's report, voiding the approval of the one it replaces; audited
  /// (`ConformanceStorage`).
  @discardableResult
  public func setACRLevel(
    audit name: String?, criterion: String, componentType: ACRComponentType, level: ConformanceLevel,
    remarks: String, actor: String
  ) async throws -> ACRDecision {
    try await withOperations {
      try $0.setACRLevel(
        audit: name, criterion: criterion, componentType: componentType, level: level, remarks: remarks,
        actor: actor)
    }
  }

  /// Runs `body` with the conformance operations over a connection the engine lends, in one read
  /// snapshot when `reading`.
  func withConformance<Result: Sendable>(
    reading: Bool = false, _ body: @escaping @Sendable (ConformanceOperations) throws -> Result
  ) async throws -> Result {
    try await withConnection { connection in
      let operations = ConformanceOperations(sql: connection.sql)
      return reading ? try connection.sql.reading { try body(operations) } : try body(operations)
    }
  }
}

/// An audit's drafted report, sendable across the pool's tasks.
private struct DraftedReport: Sendable {
  let audit: Audit
  let draft: ACRDraft
}
