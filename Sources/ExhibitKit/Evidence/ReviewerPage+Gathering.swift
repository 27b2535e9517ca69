import ExhibitSQLite
import ExhibitStorage

extension ReviewerPageQuery {
  /// The reviewer's page of a component, on one platform or all.
  ///
  /// - Parameters:
  ///   - name: The component: any name ``ComponentDirectory/resolve(_:)`` takes.
  ///   - platform: Only this platform's items and recordings, when given.
  ///   - audit: Only this audit's links; nil for every link.
  /// - Returns: Criteria and coverage, and the recordings with their cues and live links.
  /// - Throws: ``LookupError`` or the engine's error.
  func reviewerPage(component name: String, platform: Platform? = nil, audit: Int64? = nil) throws
    -> ReviewerPage
  {
    let component = try components.resolve(name)
    // The criteria once, with the coverage counted from them.
    let (criteria, coverage) = try CoverageQuery(connection: connection).read(
      component, platform: platform, audit: audit)
    let library = recordings
    let ledger = EvidenceLedger(connection: connection)
    let recordings = try library.recordings(component: component, platform: platform).map {
      summary -> ReviewerPage.Recording in
      ReviewerPage.Recording(
        recording: summary, cues: try library.captionCues(recording: summary.id),
        links: try ledger.links(toRecording: summary.id, audit: audit).filter { $0.retractedAt == nil })
    }
    return ReviewerPage(
      component: component, title: criteria.document.title, revision: criteria.document.revision,
      platform: platform, coverage: coverage, recordings: recordings)
  }
}

/// Gathers a reviewer's page of a component from the other domains.
struct ReviewerPageQuery {
  /// Component names and aliases.
  private var components: ComponentDirectory { ComponentDirectory(connection: connection) }
  /// Criteria documents and items.
  private var criteria: CriteriaLibrary { CriteriaLibrary(connection: connection) }
  /// Catalogued recordings.
  private var recordings: RecordingLibrary { RecordingLibrary(connection: connection) }
  /// The workspace database.
  let connection: any CatalogueSQL
}
