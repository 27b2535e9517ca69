extension Store {
  /// The reviewer's page of a component, on one platform or all.
  ///
  /// - Parameters:
  ///   - name: The component: any name ``resolveComponent(_:)`` takes.
  ///   - platform: Only this platform's items and recordings, when given.
  /// - Returns: Criteria and coverage, and the recordings with their cues and live links.
  /// - Throws: ``LookupError`` or ``SQLiteError``.
  public func reviewerPage(component name: String, platform: Platform? = nil) throws -> ReviewerPage {
    let component = try resolveComponent(name)
    let criteria = try componentCriteria(component, platform: platform)
    let coverage = try coverage(component, platform: platform)
    let recordings = try recordings(component: component, platform: platform).compactMap {
      summary -> ReviewerPage.Recording? in
      guard let id = try? resolveRecording(summary.sha256 ?? summary.path) else { return nil }
      let detail = try recordingDetail(id: id)
      return ReviewerPage.Recording(
        recording: summary, cues: detail.captions.flatMap(\.cues),
        links: detail.links.filter { $0.retractedAt == nil })
    }
    return ReviewerPage(
      component: component, title: criteria.document.title, revision: criteria.document.revision,
      platform: platform, coverage: coverage, recordings: recordings)
  }
}
