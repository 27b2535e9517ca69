/// Files findings to a tracker, for `findings file` and the web's findings page alike: a finding
/// is filed once (its issue found again by its key, or by its marker after a filing cut short),
/// filed again it updates its issue, and a merged one tells its issue of the merge once. Each
/// filing is recorded (``FindingStorage/recordFiled(_:tracker:note:actor:)``), audited.
public struct FindingFiler: Sendable {
  /// What filing one finding did.
  public struct Filed: Sendable, Encodable {
    public let finding: String
    /// `filed`, `updated` or `commented`.
    public let action: String
    public let tracker: FindingTracker
  }

  /// The tracker's client.
  public let tracker: any IssueTracker
  /// The team's Exhibit, for links to the seconds of video.
  public let publicURL: String?

  /// A filer over a tracker's client.
  public init(tracker: any IssueTracker, publicURL: String?) {
    self.tracker = tracker
    self.publicURL = publicURL
  }

  /// Files or updates one finding's issue, or tells a merged one's issue of the merge.
  ///
  /// - Parameters:
  ///   - detail: The finding with what it rests on.
  ///   - catalogue: Where the filing is recorded.
  ///   - actor: Who files.
  ///   - warn: Told what was left out (a frame that cannot be made).
  /// - Returns: What was done; nil for a merged finding whose issue was already told.
  /// - Throws: ``TrackerError`` or the catalogue's error.
  public func file(
    _ detail: FindingDetail, catalogue: any CatalogueStorage, actor: String,
    warn: @Sendable (String) -> Void = { _ in }
  ) async throws -> Filed? {
    let finding = detail.finding
    if finding.status == .merged {
      guard let filed = finding.tracker, finding.reason.isEmpty, let into = finding.mergedInto else {
        return nil
      }
      let survivor = Finding.reference(into)
      try await tracker.comment(
        on: filed,
        "Merged into \(survivor): one problem, followed there. \(TrackerIssue.marker(finding.reference))")
      try await catalogue.recordFiled(
        finding.reference, tracker: filed, note: "its issue was told of the merge into \(survivor)",
        actor: actor)
      return Filed(finding: finding.reference, action: "commented", tracker: filed)
    }
    let issue = TrackerIssue(detail, publicURL: publicURL)
    var stored = finding.tracker
    if stored == nil { stored = try await tracker.existing(finding.reference) }
    if let stored {
      try await tracker.update(stored, with: issue)
      try await catalogue.recordFiled(finding.reference, tracker: stored, note: nil, actor: actor)
      return Filed(finding: finding.reference, action: "updated", tracker: stored)
    }
    let created = try await tracker.create(issue)
    try await catalogue.recordFiled(finding.reference, tracker: created, note: nil, actor: actor)
    if let png = await frame(of: finding, catalogue: catalogue, warn: warn) {
      try await tracker.attach(png: png, named: "\(finding.reference).png", to: created)
    }
    return Filed(finding: finding.reference, action: "filed", tracker: created)
  }

  /// The finding's still frame as PNG, when its recording is on disk; a frame that cannot be made
  /// is said and left out.
  private func frame(of finding: Finding, catalogue: any CatalogueStorage, warn: (String) -> Void) async
    -> [UInt8]?
  {
    guard let still = finding.frame else { return nil }
    do {
      let recording = try await catalogue.recordingDetail(still.sha256, currentDirectory: "/").recording
      return try RecordingFrame.frame(of: recording, atSeconds: still.atSeconds).png
    } catch {
      warn("\(finding.reference): no frame attached: \(error)")
      return nil
    }
  }
}
