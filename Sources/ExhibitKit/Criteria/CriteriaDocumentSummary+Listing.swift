extension CriteriaDocumentSummary {
  /// Documents as `criteria list` shows them, the same from every backend: those with items for
  /// `platform` (all when nil), each with its component's aliases, by component, primary first,
  /// then by format.
  /// - Parameters:
  ///   - documents: Each newest revision with how many of its items are for `platform`.
  ///   - platform: The platform asked for, or nil.
  ///   - aliases: Each component's other names (by `family/slug`), sorted.
  /// - Returns: The listing.
  package static func listing(
    _ documents: [(summary: CriteriaDocumentSummary, platformItems: Int)], platform: Platform?,
    aliases: [String: [String]]
  ) -> [CriteriaDocumentSummary] {
    documents.filter { platform == nil || $0.platformItems > 0 }.map { summary, _ in
      var marked = summary
      marked.aliases = aliases[summary.component.description] ?? []
      return marked
    }
    .sorted { ($0.component, $0.primary ? 0 : 1, $0.format) < ($1.component, $1.primary ? 0 : 1, $1.format) }
  }
}
