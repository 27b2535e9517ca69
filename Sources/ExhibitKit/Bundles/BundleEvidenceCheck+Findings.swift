import Foundation

// Findings and frames (bags of layout 5 on): each finding is the one its latest audit event in the
// bag records, resting on the links the rules give; none is left out, and every fail judged in
// the round rests on one; each frame is the one its failing link calls for, a PNG at its
// recording's size.
extension BundleEvidenceCheck {
  // Long: frames first (findings name them), then each finding against its latest event, then what is left out.
  static func checkFindings(
    manifest: [String: Any], events: [Event], root: String, problem: (String, String) -> Void
  ) {
    // A manifest that does not decode is named by the rendering check.
    guard let data = FileManager.default.contents(atPath: root + "/" + manifestFile),
      let contents = try? BundleContents.manifestDecoder.decode(BundleContents.self, from: data),
      (contents.reportLayout ?? 0) >= BundleContents.findingsLayout
    else { return }
    checkFrames(contents, root: root, problem: problem)
    var latest: [String: Event] = [:]
    for event in events.sorted(by: { $0.id < $1.id }) where event.action.hasPrefix("finding.") {
      latest[event.subject] = event
    }
    guard let findings = contents.findings else {
      if !latest.isEmpty {
        problem(
          manifestFile,
          "lists no findings, but \(auditFile) records \(latest.count) (\(latest.keys.sorted().joined(separator: ", ")))"
        )
      }
      return
    }
    let wcag = Dictionary(
      contents.items.map { item in
        (item.key, (item.wcag ?? []).filter { $0.relation == .necessary }.map(\.criterion))
      }
    ) { first, _ in first }
    var listed = Set<String>()
    for finding in findings {
      let subject = "finding:\(Finding.number(finding.id) ?? 0)"
      listed.insert(subject)
      guard let event = latest[subject] else {
        problem(manifestFile, "finding \(finding.id): no audit event in \(auditFile) records it")
        continue
      }
      let recorded = BundleContents.Finding(
        event: event.auditEvent, contents: contents, frames: contents.frames ?? [], wcag: wcag)
      let found = recorded.map { Self.differences(finding, $0) } ?? ["it cannot be read"]
      if !found.isEmpty {
        problem(manifestFile, "finding \(finding.id): " + found.joined(separator: "; "))
      }
    }
    let audit = contents.audit?.id ?? 0
    for (subject, event) in latest.sorted(by: { $0.key < $1.key }) where !listed.contains(subject) {
      let fields = event.afterFields
      if Int64(fields["audit"] ?? "") ?? 0 <= audit,
        BundleGathering.findingRests(fields, on: contents.component, platform: contents.platform)
      {
        problem(
          manifestFile, "\(event.described) records a finding on this component that the manifest leaves out")
      }
    }
    let covered = Set(findings.flatMap(\.links))
    for link in contents.links
    where link.verdict == .fail && link.carried == nil && !covered.contains(link.id) {
      problem(manifestFile, "link \(link.id) fails in this round, but no finding rests on it")
    }
  }

  /// What differs between a finding as the manifest states it and as its event records it.
  private static func differences(_ stated: BundleContents.Finding, _ recorded: BundleContents.Finding)
    -> [String]
  {
    var found: [String] = []
    func compare(_ name: String, _ have: String, _ want: String) {
      if have != want {
        found.append(
          "\(name) \(have.isEmpty ? "none" : have), the audit trail records \(want.isEmpty ? "none" : want)")
      }
    }
    compare("title", stated.title, recorded.title)
    compare("severity", stated.severity.rawValue, recorded.severity.rawValue)
    compare("status", stated.status.rawValue, recorded.status.rawValue)
    compare("reason", stated.reason, recorded.reason)
    compare("status by", stated.statusBy, recorded.statusBy)
    compare("audit", String(stated.audit), String(recorded.audit))
    compare(
      "columns", stated.columns.sorted().joined(separator: " "),
      recorded.columns.sorted().joined(separator: " "))
    compare(
      "tracker", stated.tracker.map { "\($0.kind) \($0.key) \($0.url)" } ?? "",
      recorded.tracker.map { "\($0.kind) \($0.key) \($0.url)" } ?? "")
    compare("event", String(stated.event), String(recorded.event))
    // What follows from the bag's own links and items.
    compare(
      "links", stated.links.map(String.init).joined(separator: " "),
      recorded.links.map(String.init).joined(separator: " "))
    compare("frame", stated.frame.map { "link \($0)" } ?? "", recorded.frame.map { "link \($0)" } ?? "")
    compare("WCAG", stated.wcag.joined(separator: " "), recorded.wcag.joined(separator: " "))
    return found
  }

  /// Each failing video verdict has its frame, and each frame is a PNG at its recording's size.
  private static func checkFrames(_ contents: BundleContents, root: String, problem: (String, String) -> Void)
  {
    let expected = BundleContents.frames(links: contents.links, recordings: contents.recordings)
    guard let frames = contents.frames else {
      problem(manifestFile, "lists no frames, which every bag of its layout does")
      return
    }
    if frames != expected {
      problem(
        manifestFile,
        "frames for links \(frames.map { String($0.link) }.joined(separator: ", ")), where its failing video "
          + "verdicts call for \(expected.map { "link \($0.link) at \($0.atSeconds) s" }.joined(separator: ", "))"
      )
    }
    let recordings = Dictionary(contents.recordings.map { ($0.sha256, $0) }) { first, _ in first }
    for frame in frames where BagPath.unsafety(of: frame.file) == nil {
      let path = "data/" + frame.file
      guard let png = FileManager.default.contents(atPath: root + "/" + path) else { continue }
      guard let (format, width, height) = try? ImageProbe.read(Array(png), path: path), format == .png else {
        problem(path, "not a whole PNG image")
        continue
      }
      if let recording = recordings[frame.recording], width != recording.width || height != recording.height {
        problem(
          path,
          "\(width)×\(height) pixels, but its recording is \(recording.width ?? 0)×\(recording.height ?? 0)")
      }
    }
  }
}

extension BundleEvidenceCheck.Event {
  /// The event as the audit trail holds it.
  var auditEvent: AuditEvent {
    AuditEvent(
      id: id, at: at, actor: actor, action: action, subject: subject, before: before, after: after,
      previousHash: previousHash, hash: hash)
  }
}
