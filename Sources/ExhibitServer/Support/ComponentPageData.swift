import ExhibitKit

/// What the component page shows, read in one go: the checklist for a platform (or all), its
/// coverage, the component's recordings and the suggestions (and untested links) waiting for an
/// auditor's decision.
struct ComponentPageData: Sendable {
  let component: ComponentID
  let platform: Platform?
  let criteria: ComponentCriteria
  let coverage: Coverage
  let recordings: [RecordingSummary]
  let suggestions: [Suggestion]
  /// The workspace's WCAG mapping, for the criteria beside each item.
  var mapping = WCAGMapping(rows: [])

  /// Reads a component's page.
  /// - Throws: ``LookupError`` for an unknown component, or ``SQLiteError``.
  static func read(
    _ component: ComponentID, platform: Platform?, audit: String?, from store: any CatalogueStorage
  ) async throws -> ComponentPageData {
    let criteria = try await store.componentCriteria(component, platform: platform)
    let keys = Set(criteria.items.map(\.key))
    let recordings = try await store.recordings(
      component: component, platform: platform, status: nil, unattributed: false)
    let shas = Set(recordings.compactMap(\.sha256))
    let coverage = try await store.coverage(component, platform: platform, audit: audit)
    let suggestions = try await store.pendingSuggestions(component: component, audit: audit).filter {
      keys.contains($0.item) && shas.contains($0.recording.sha256)
    }
    return ComponentPageData(
      component: component, platform: platform, criteria: criteria,
      coverage: coverage, recordings: recordings, suggestions: suggestions,
      mapping: try await store.wcagMapping())
  }
}
