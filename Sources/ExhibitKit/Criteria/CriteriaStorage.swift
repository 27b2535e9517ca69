import ExhibitModel

/// Where criteria documents are kept: the seam the SQLite workspace (``Store``) and the
/// PostgreSQL catalogue (ExhibitPostgres' `PostgresCatalogue`) implement, at the level of the domain's
/// operations. Both decide an import by ``CriteriaImportRules`` and assemble what they read the
/// same way, so the same documents give the same outcomes, listings and criteria on either; the
/// contract suite runs each operation on both.
public protocol CriteriaStorage {
  /// Stores parsed documents in one transaction: unchanged ones are skipped, changed ones become
  /// the next revision of their (family, component, format), an earlier revision's bytes make
  /// it current again, and each import is audited with the change.
  /// - Parameters:
  ///   - documents: Parsed documents, in the order to store them.
  ///   - actor: Who imports, for the audit trail.
  /// - Returns: One outcome per document.
  /// - Throws: The backend's error; nothing of the batch is stored then.
  func importCriteria(_ documents: [CriteriaDocument], actor: String) async throws -> [CriteriaImportOutcome]

  /// The newest revision of each criteria document, for one component or all, primary first.
  /// - Parameters:
  ///   - component: One component, or nil for all.
  ///   - platform: Keep documents with at least one item for this platform.
  /// - Returns: The documents, by component, primary first.
  /// - Throws: The backend's error.
  func criteriaDocuments(component: ComponentID?, platform: Platform?) async throws
    -> [CriteriaDocumentSummary]

  /// A component's current criteria, for one platform or all.
  /// - Throws: ``LookupError`` when the component has no criteria, or none for `platform`.
  func componentCriteria(_ component: ComponentID, platform: Platform?) async throws -> ComponentCriteria

  /// Resolves what a user typed (identifier, bare slug or alias) to one component, as
  /// ``ComponentName`` reads it.
  /// - Throws: ``LookupError`` for an unknown name, or naming the choices for an ambiguous one.
  func resolveComponent(_ name: String) async throws -> ComponentID

  /// Component slugs already imported, to recognise them in documents that name none.
  /// - Throws: The backend's error.
  func knownComponentSlugs() async throws -> [String]
}
