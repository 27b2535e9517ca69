/// What importing one document did.
public enum CriteriaImportOutcome: Sendable, Equatable {
  /// Stored as a new revision (1 for a new component).
  case imported(component: String, format: CriteriaFormat, revision: Int, itemCount: Int)
  /// The same bytes were imported before; nothing was written.
  case unchanged(component: String, format: CriteriaFormat, revision: Int)
  /// Not stored: a revision without items would replace one with items.
  case refused(component: String, format: CriteriaFormat, reason: String)
}
