import Foundation

// The report's findings (bags of layout 5 on): what each fail set in motion, with its still
// frame, status and tracker; and each failing video verdict's frame beside its evidence link.
extension ReportPage {
  /// The findings section; nothing for a bag without findings.
  var findingsSection: HTML {
    guard let findings = contents.findings else { return .empty }
    guard !findings.isEmpty else {
      return """
        <section aria-labelledby="findings-heading">
        <h2 id="findings-heading">Findings</h2>
        <p>No finding rests on this component on \(contents.platform.displayName): no verdict failed.</p>
        </section>

        """
    }
    let counts = Dictionary(grouping: findings, by: \.status).sorted { $0.key.rawValue < $1.key.rawValue }
      .map { "\($0.value.count) \($0.key.rawValue)" }.joined(separator: ", ")
    return """
      <section aria-labelledby="findings-heading">
      <h2 id="findings-heading">Findings</h2>
      <p>Each failing verdict opened a finding for the developers: \(findings.count) in all (\(counts)), each as the audit trail records it.</p>
      \(findings.map(finding))</section>

      """
  }

  /// One finding: what it is, where it stands, the fails it rests on, its frame.
  private func finding(_ finding: BundleContents.Finding) -> HTML {
    let anchor = "finding-\(finding.id)"
    let wcag = finding.wcag.map { number -> String in
      WCAG22.criterion(number).map { "\($0.number) \($0.handle) (Level \($0.level?.rawValue ?? ""))" }
        ?? number
    }
    let tracker: HTML =
      finding.tracker.map { tracker in
        tracker.url.isEmpty
          ? "\(tracker.kind) \(tracker.key)" : "<a href=\"\(tracker.url)\">\(tracker.kind) \(tracker.key)</a>"
      } ?? "not filed"
    let reason: HTML = finding.reason.isEmpty ? .empty : " (\(finding.reason))"
    let links = contents.links.filter { finding.links.contains($0.id) }
    let rests: HTML =
      links.isEmpty
      ? "<p>No fail in this round rests on it here; it was found in audit \(finding.audit).</p>"
      : "<ul>\(links.map(evidenceLinkInFinding))</ul>"
    let frame: HTML = finding.frame.flatMap { link in frameFigure(link: link) } ?? .empty
    return """
      <article aria-labelledby="\(anchor)">
      <h3 id="\(anchor)">\(finding.id): \(finding.title)</h3>
      <dl>
      <dt>Severity</dt><dd>\(finding.severity.rawValue)</dd>
      <dt>Status</dt><dd>\(finding.status.rawValue)\(reason), set by \(finding.statusBy)</dd>
      <dt>WCAG 2.2</dt><dd>\(wcag.isEmpty ? "none mapped" : wcag.joined(separator: "; "))</dd>
      <dt>Tracker</dt><dd>\(tracker)</dd>
      <dt>Found in</dt><dd>Audit \(finding.audit)</dd>
      </dl>
      <h4>Failing verdicts</h4>
      \(rests)
      \(frame)</article>

      """
  }

  /// A fail a finding rests on: its item and what it plays.
  private func evidenceLinkInFinding(_ link: BundleContents.Link) -> HTML {
    let item = contents.items.first { $0.key == link.item }
    let range =
      link.startSeconds.map { " at \(DisplayText.clock($0))–\(DisplayText.clock(link.endSeconds ?? $0))" }
      ?? ""
    let recording = contents.recordings.first { $0.sha256 == link.recording }
    let note: HTML = link.note.isEmpty ? .empty : ": \u{201C}\(link.note)\u{201D}"
    return
      "<li><a href=\"#\(ACRPage.itemAnchor(link.item))\">\(item?.label ?? link.item)</a>, link \(String(link.id)), \(recording?.name ?? "observed")\(range), by \(link.auditor)\(note)</li>"
  }

  /// The still frame of a link, as a figure at its recording's size.
  func frameFigure(link id: Int64) -> HTML? {
    guard let frame = contents.frames?.first(where: { $0.link == id }),
      let recording = contents.recordings.first(where: { $0.sha256 == frame.recording })
    else { return nil }
    let at = EARLDocument.seconds(frame.atSeconds)
    return """
      <figure class="screenshot"><img src="\(frame.file)" width="\(recording.width ?? 0)" height="\(recording.height ?? 0)" alt="Still frame of \(recording.name) at \(at) seconds, where link \(String(id))'s failing segment starts">
      <figcaption>\(recording.name) at \(at) s (link \(String(id)))</figcaption></figure>

      """
  }

  /// A link to a failing verdict's still frame, after its evidence; nothing without one.
  func frameLink(_ link: BundleContents.Link) -> HTML {
    guard let frame = contents.frames?.first(where: { $0.link == link.id }) else { return .empty }
    return " (<a href=\"\(frame.file)\">still frame at \(EARLDocument.seconds(frame.atSeconds)) s</a>)"
  }
}
