/// What importing one document did.
public enum CriteriaImportOutcome: Sendable, Equatable {
  /// Stored as a new revision (1 for a new component).
  case imported(component: String, format: CriteriaFormat, revision: Int, itemCount: Int)
  /// The same bytes as an earlier revision, made current again as a new revision.
  case restored(
    component: String, format: CriteriaFormat, revision: Int, restoredRevision: Int, itemCount: Int)
  /// The same bytes are the current revision; nothing was written.
  case unchanged(component: String, format: CriteriaFormat, revision: Int)
  /// Not stored: a revision without items would replace one with items, or the document would
  /// take over a component another file names.
  case refused(component: String, format: CriteriaFormat, reason: String)

  /// Whether a revision was written.
  package var wroteRevision: Bool {
    switch self {
    case .imported, .restored: true
    case .unchanged, .refused: false
    }
  }
}
