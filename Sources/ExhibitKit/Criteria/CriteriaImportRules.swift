import ExhibitModel

/// What importing a criteria document comes to, decided the same way on every backend: each
/// reads what it stores (the newest revision, an earlier one with the same bytes) and asks these
/// rules whether the document is unchanged, refused, an earlier revision restored or a new one,
/// and what the audit trail records of it.
package enum CriteriaImportRules {
  /// The newest stored revision of a document's (family, component, format).
  package struct StoredRevision: Sendable {
    /// The revision's row id.
    package var id: Int64
    package var revision: Int
    package var sha256: String
    package var sourcePath: String
    package var itemCount: Int

    /// A stored revision's facts.
    package init(id: Int64, revision: Int, sha256: String, sourcePath: String, itemCount: Int) {
      self.id = id
      self.revision = revision
      self.sha256 = sha256
      self.sourcePath = sourcePath
      self.itemCount = itemCount
    }
  }

  /// What to do with one document.
  package enum Step: Equatable {
    /// Nothing to store: the document is unchanged or refused.
    case finished(CriteriaImportOutcome)
    /// The stored revision `documentID` (number `earlier`) has the document's bytes: make it
    /// current again as `revision`.
    case restore(documentID: Int64, earlier: Int, revision: Int)
    /// Store the document as `revision`.
    case write(revision: Int)
  }

  /// Which files of one batch hold which (component, format): the first file to name one holds
  /// it for the batch, and another file may not take it over (``takeover(by:of:holderPlacedPath:holderItems:)``).
  package struct BatchClaims {
    private var holders: [String: CriteriaDocument] = [:]

    /// No file holds anything yet.
    package init() {}

    /// The refusal for `document` when another file of the batch holds its component, else nil
    /// (and the document holds it from now on if nothing did).
    package mutating func refusal(for document: CriteriaDocument) -> CriteriaImportOutcome? {
      let claim = "\(document.componentID)|\(document.format.rawValue)"
      if let holder = holders[claim],
        let reason = takeover(
          by: document, of: holder.sourcePath, holderPlacedPath: holder.placedPath,
          holderItems: holder.itemDigestText)
      {
        return .refused(component: document.componentID, format: document.format, reason: reason)
      }
      holders[claim] = holders[claim] ?? document
      return nil
    }
  }

  /// Whether `document` changes a stored revision: only then are that revision's items read and
  /// an earlier revision with the same bytes looked for (an unchanged import reads neither).
  package static func isChange(_ document: CriteriaDocument, latest: StoredRevision?) -> Bool {
    latest.map { $0.sha256 != document.sha256 } ?? false
  }

  /// What to do with `document`.
  /// - Parameters:
  ///   - document: The parsed document.
  ///   - latest: The newest stored revision of its (family, component, format), if any.
  ///   - latestItems: The `item_hashes` text of `latest`'s items, when ``isChange(_:latest:)``.
  ///   - sameBytes: A stored revision with the document's bytes (its id and number), when
  ///     ``isChange(_:latest:)`` and there is one.
  /// - Returns: Whether to store nothing, restore a revision, or write a new one.
  package static func step(
    for document: CriteriaDocument, latest: StoredRevision?, latestItems: String,
    sameBytes: (id: Int64, revision: Int)?
  ) -> Step {
    let component = document.componentID
    guard let latest else { return .write(revision: 1) }
    if latest.sha256 == document.sha256 {
      return .finished(.unchanged(component: component, format: document.format, revision: latest.revision))
    }
    if let reason = takeover(
      by: document, of: latest.sourcePath, holderPlacedPath: DocumentIdentity.placedPath(latest.sourcePath),
      holderItems: latestItems)
    {
      return .finished(.refused(component: component, format: document.format, reason: reason))
    }
    // A document whose criteria list could not be read must not wipe out the items (and stale
    // the evidence) of the revision before it.
    if document.items.isEmpty, latest.itemCount > 0 {
      return .finished(
        .refused(
          component: component, format: document.format,
          reason:
            "it states no criteria items, and would replace revision \(latest.revision) of \(component), "
            + "which has \(latest.itemCount); nothing was imported from it"))
    }
    let revision = latest.revision + 1
    // The same bytes as an earlier revision make that revision current again, as a new revision.
    if let sameBytes {
      return .restore(documentID: sameBytes.id, earlier: sameBytes.revision, revision: revision)
    }
    return .write(revision: revision)
  }

  /// Why `document` may not become a revision of a component another file holds: nil when it
  /// is the same file (as MagentaA11y lays it out), says the same items, or was filed there by hand.
  static func takeover(
    by document: CriteriaDocument, of holderPath: String, holderPlacedPath: String, holderItems: String
  ) -> String? {
    guard !document.filedByHand, document.placedPath != holderPlacedPath,
      document.itemDigestText != holderItems
    else { return nil }
    return "it names \(document.componentID), which \(holderPath) already names with other items; "
      + "one document never takes over another's component, so nothing was imported from it "
      + "(import it with --component FAMILY/NAME to file it under a name on purpose)"
  }

  /// The `criteria.import` event of a document stored as `revision`. Every item's meaning is
  /// recorded, so verify can name an item changed in the tables.
  package static func importEntry(_ document: CriteriaDocument, revision: Int, actor: String) -> AuditEntry {
    AuditEntry(
      actor: actor, action: "criteria.import", subject: document.componentID.description,
      after: AuditJSON.object([
        "format": document.format.rawValue, "revision": String(revision), "sha256": document.sha256,
        "source_path": document.sourcePath, "items": String(document.items.count),
        "item_hashes": document.itemDigestText,
      ]))
  }

  /// The `criteria.restore` event of revision `earlier` made current again as `revision`.
  package static func restoreEntry(_ document: CriteriaDocument, earlier: Int, revision: Int, actor: String)
    -> AuditEntry
  {
    AuditEntry(
      actor: actor, action: "criteria.restore", subject: document.componentID.description,
      before: AuditJSON.object(["format": document.format.rawValue, "revision": String(earlier)]),
      after: AuditJSON.object([
        "format": document.format.rawValue, "revision": String(revision), "sha256": document.sha256,
        "source_path": document.sourcePath, "restores_revision": String(earlier),
      ]))
  }
}
