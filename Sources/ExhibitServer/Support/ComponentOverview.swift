import ExhibitKit

/// One component on the overview: its name and the tallies of its coverage, per platform and per
/// column (a platform with a screen reader). `/api/components` serves a list of them.
struct ComponentOverview: Sendable, Encodable {
  /// A tally with where it was counted.
  struct PlatformTally: Sendable, Encodable {
    let platform: Platform
    let tally: CoverageTally

    func encode(to encoder: any Encoder) throws {
      try tally.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(platform, forKey: .platform)
    }

    private enum Keys: String, CodingKey { case platform }
  }

  /// A column's tally.
  struct ColumnTally: Sendable, Encodable {
    let column: Coverage.Column
    let tally: CoverageTally

    func encode(to encoder: any Encoder) throws {
      try tally.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(column.platform, forKey: .platform)
      try container.encode(column.assistiveTech, forKey: .assistiveTech)
    }

    private enum Keys: String, CodingKey { case platform, assistiveTech }
  }

  let component: ComponentID
  let family: Family
  let title: String
  let revision: Int
  let platforms: [PlatformTally]
  let columns: [ColumnTally]
  /// How many catalogued recordings (and screenshots) are attributed to it.
  let recordings: Int
  /// Whether the audit read covers it (always, without an audit): the overview's progress counts
  /// the audit's components only, as its own page does.
  var inAuditScope = true

  /// Its items over every platform and screen reader.
  var total: CoverageTally {
    platforms.reduce(into: CoverageTally()) { sum, entry in sum.add(entry.tally) }
  }

  /// Every imported component, by identifier, with its tallies.
  static func all(in store: any CatalogueStorage, audit: String?) async throws -> [ComponentOverview] {
    var seen = Set<ComponentID>()
    var recordings: [String: Int] = [:]
    for recording in try await store.recordings(
      component: nil, platform: nil, status: nil, unattributed: false)
    {
      if let component = recording.component { recordings[component, default: 0] += 1 }
    }
    // The audit read, whose scope the progress counts.
    let current = (try? await store.currentAudit(audit)) ?? nil
    var overviews: [ComponentOverview] = []
    for document in try await store.criteriaDocuments(component: nil, platform: nil)
    where seen.insert(document.component).inserted {
      let id = document.component
      let coverage = try await store.coverage(id, platform: nil, audit: audit)
      let platforms = Platform.allCases.filter { platform in
        coverage.items.contains { $0.platforms.contains(platform) }
      }
      overviews.append(
        ComponentOverview(
          component: id, family: document.family, title: document.title, revision: coverage.revision,
          platforms: platforms.map { PlatformTally(platform: $0, tally: coverage.tally(platform: $0)) },
          columns: coverage.columns.map { ColumnTally(column: $0, tally: coverage.tally(column: $0)) },
          recordings: recordings[id.description] ?? 0, inAuditScope: current?.covers(id) ?? true))
    }
    return overviews.sorted { $0.component < $1.component }
  }
}
