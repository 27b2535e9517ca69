extension ComponentCriteria {
  /// A component's current criteria from its primary document's stored parts, kept to what
  /// `platform` sees: its items, notes and announcements for it or for all ("general"), videos
  /// recorded on it or on none named. Every backend reads the parts and assembles them here.
  ///
  /// - Parameters:
  ///   - component: The component.
  ///   - platform: The platform asked for, or nil for all.
  ///   - document: The primary document's summary.
  ///   - gherkinGiven: The document's Gherkin `Given`.
  ///   - items: Every item of the document, in order.
  ///   - scenarios: Its Gherkin scenarios with their steps, in order.
  ///   - notes: Its developer notes, in order.
  ///   - announcements: Its announcement examples, in order.
  ///   - videos: Its video references, in order.
  /// - Returns: The criteria as commands, pages and bundles show them.
  /// - Throws: ``LookupError/noCriteriaForPlatform(_:platform:platforms:)`` when the document has
  ///   items and none is for `platform`: a component has nothing to show or bundle there.
  package static func assembling(
    _ component: ComponentID, platform: Platform?, document: CriteriaDocumentSummary, gherkinGiven: String,
    items: [StoredCriteriaItem], scenarios: [GherkinScenario], notes: [DeveloperNote],
    announcements: [AnnouncementExample], videos: [VideoReference]
  ) throws -> ComponentCriteria {
    let shown = items.filter { item in platform.map { item.platforms.contains($0) } ?? true }
    if let platform, shown.isEmpty, !items.isEmpty {
      throw LookupError.noCriteriaForPlatform(
        component.description, platform: platform.rawValue,
        platforms: Platform.allCases.filter { name in items.contains { $0.platforms.contains(name) } }
          .map(\.rawValue))
    }
    func appliesHere(_ name: String) -> Bool {
      platform == nil || name == "general" || name == platform?.rawValue
    }
    return ComponentCriteria(
      component: component, document: document, items: shown, gherkinGiven: gherkinGiven,
      scenarios: scenarios, notes: notes.filter { appliesHere($0.platform) },
      announcements: announcements.filter { appliesHere($0.platform) },
      videos: videos.filter {
        platform == nil || $0.context.platform == nil || $0.context.platform == platform
      })
  }
}
