/// Everything an evidence bundle holds for one component on one platform, as `manifest.json`
/// records it. Built by ``Store/bundleContents(component:platform:date:)``; host paths are kept
/// out of the encoded form so the same database state gives the same bytes anywhere.
public struct BundleContents: Sendable, Equatable, Codable {
  /// A screen reader, with the browser where one was used: a column of the checklist. The
  /// platform's usual screen readers are columns even before any evidence, so an untested one
  /// shows as a gap.
  public struct Column: Sendable, Equatable, Hashable, Codable {
    public let assistiveTech: String?
    public let browser: String?

    /// Whether an item of `section` must have a verdict in this column (``EvidenceColumn``):
    /// a screen reader's column for a screen-reader or gesture item, the platform's own (no
    /// screen reader, no browser) for the rest.
    func isRequired(section: CriteriaSection) -> Bool {
      EvidenceColumn.isPerScreenReader(section)
        ? assistiveTech != nil : assistiveTech == nil && browser == nil
    }

    /// Whether a link judged in this column (its recording's screen reader and browser, or an
    /// observation's) counts in `column` for an item of `section`: a keyboard, settings or other
    /// item's links all count in the platform's column, whatever screen reader they name.
    func counts(in column: Column, section: CriteriaSection) -> Bool {
      guard EvidenceColumn.isPerScreenReader(section) else {
        return column.assistiveTech == nil && column.browser == nil
      }
      return assistiveTech == nil ? column.assistiveTech == nil && column.browser == nil : self == column
    }

    /// `JAWS with Chrome`, `VoiceOver`, `unknown screen reader`.
    public var displayName: String {
      let tech =
        assistiveTech.map { AssistiveTech(rawValue: $0)?.displayName ?? $0 } ?? "unknown screen reader"
      return browser.map { "\(tech) with \(Browser(rawValue: $0)?.displayName ?? $0)" } ?? tech
    }

    private enum CodingKeys: String, CodingKey { case assistiveTech, browser }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(assistiveTech, forKey: .assistiveTech)
      try container.encode(browser, forKey: .browser)
    }
  }

  /// An item's verdict with one screen reader (and browser).
  public struct ColumnVerdict: Sendable, Equatable, Codable {
    public let assistiveTech: String?
    public let browser: String?
    /// The combined verdict of the links with this screen reader, nil without any.
    public let verdict: CombinedVerdict?
    /// Whether this screen reader still needs a pass, fail or not-applicable verdict.
    public let gap: Bool
    public let links: [Int64]

    private enum CodingKeys: String, CodingKey { case assistiveTech, browser, verdict, gap, links }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(assistiveTech, forKey: .assistiveTech)
      try container.encode(browser, forKey: .browser)
      try container.encode(verdict, forKey: .verdict)
      try container.encode(gap, forKey: .gap)
      try container.encode(links, forKey: .links)
    }
  }

  /// What was tested, as the auditor names it when exporting (`bundle --product --build --url`).
  public struct TestedProduct: Sendable, Equatable, Codable {
    public var product: String?
    /// Its version or build.
    public var build: String?
    /// The URL or app that was tested.
    public var url: String?

    public init(product: String? = nil, build: String? = nil, url: String? = nil) {
      self.product = product
      self.build = build
      self.url = url
    }

    private enum CodingKeys: String, CodingKey { case product, build, url }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(product, forKey: .product)
      try container.encode(build, forKey: .build)
      try container.encode(url, forKey: .url)
    }
  }

  /// Where a recording was made, as far as its metadata tells.
  public struct Environment: Sendable, Equatable, Codable {
    /// `Android 14`, else the platform (`iOS`).
    public let os: String
    public let assistiveTech: String?
    public let browser: String?
    /// When the recording was made, from its container tags.
    public let recordedAt: String?
    /// The window or page it shows (a browser's title bar).
    public let window: String?
    /// What made it (`ReplayKitRecording`, `Microsoft Game DVR`).
    public let recorder: String?
    /// The phone, tablet or computer, from its tags or set by hand; written only when known, so
    /// bags made before it was kept read and render the same.
    public var device: String? = nil

    private enum CodingKeys: String, CodingKey {
      case os, assistiveTech, browser, recordedAt, window, recorder, device
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(os, forKey: .os)
      try container.encode(assistiveTech, forKey: .assistiveTech)
      try container.encode(browser, forKey: .browser)
      try container.encode(recordedAt, forKey: .recordedAt)
      try container.encode(window, forKey: .window)
      try container.encode(recorder, forKey: .recorder)
      try container.encodeIfPresent(device, forKey: .device)
    }

    /// The facts that are known, for a line of text: `Android 14 · TalkBack · recorded 2024-01-10T…`.
    public var summary: String {
      var parts = [os]
      if let device { parts.append(device) }
      if let assistiveTech {
        parts.append(AssistiveTech(rawValue: assistiveTech)?.displayName ?? assistiveTech)
      }
      if let browser { parts.append(Browser(rawValue: browser)?.displayName ?? browser) }
      if let window { parts.append("window \u{201C}\(window)\u{201D}") }
      if let recordedAt { parts.append("recorded \(recordedAt)") }
      return parts.joined(separator: " · ")
    }
  }

  /// A caption cue of a recording's transcript, or a phrase Exhibit heard.
  public struct Cue: Sendable, Equatable {
    public let startSeconds: Double
    public let endSeconds: Double
    public let text: String
    /// For a heard phrase, the recogniser's confidence (0 to 1).
    public var confidence: Double? = nil
  }

  /// A criteria item that applies to the platform.
  public struct Item: Sendable, Equatable, Codable {
    public let key: String
    public let section: CriteriaSection
    public let label: String
    public let expectation: String
    public let platforms: [Platform]
    public let notApplicable: Bool
    /// The combined verdict of its links (`conflict` when they disagree), nil without links.
    public let verdict: CombinedVerdict?
    /// Whether some screen reader of the platform still needs a pass, fail or not-applicable
    /// verdict for it.
    public let gap: Bool
    /// Its verdict with each screen reader (and browser), in ``BundleContents/columns`` order.
    public let verdicts: [ColumnVerdict]
    /// The ids of its links in ``BundleContents/links``.
    public let links: [Int64]
    /// Its side sentences (``CriteriaItem/notes``); written only when it has some, so bags made
    /// before notes existed read and render the same.
    public var notes: [String] = []
    /// The success criteria it bears on through the workspace's mapping; absent from bags made
    /// before conformance reports.
    public var wcag: [WCAGLink]? = nil
  }

  /// A verdict: one link of a recording (or a segment) to an item.
  public struct Link: Sendable, Equatable, Codable {
    public let id: Int64
    public let item: String
    /// The recording's or screenshot's SHA-256; nil for an observation (the key is left out).
    public let recording: String?
    /// The recording's path inside `data/`; empty for an observation.
    public let file: String
    public let startSeconds: Double?
    public let endSeconds: Double?
    public let verdict: Verdict
    public let auditor: String
    public let note: String
    public let platformOverride: Bool
    public let createdAt: String
    /// Where a verdict carried from an earlier round came from; nil for one judged in this round
    /// (and in bags made before audits).
    public var carried: Carried? = nil
    /// The environment the auditor gave with the verdict.
    public var environment: LinkEnvironment? = nil
    /// `screenshot` or `observation` for evidence that is not a video; absent for a recording
    /// (and in bags made before screenshots and observations). An observation has no file.
    public var evidence: EvidenceKind? = nil
    /// The screen reader an observation was made with, if any.
    public var observedAssistiveTech: String? = nil

    /// What the verdict rests on.
    public var kind: EvidenceKind { evidence ?? .recording }
    /// The column the verdict speaks for: its recording's screen reader and browser, or the
    /// screen reader the observation names.
    func column(recordings: [String: Recording]) -> Column {
      if kind == .observation { return Column(assistiveTech: observedAssistiveTech, browser: nil) }
      let recording = self.recording.flatMap { recordings[$0] }
      return Column(assistiveTech: recording?.assistiveTech, browser: recording?.browser)
    }
  }

  /// The earlier round a carried verdict came from: its link, audit and release.
  public struct Carried: Sendable, Equatable, Codable {
    public let link: Int64
    public let audit: Int64
    public let release: String
  }

  /// The audit a bag belongs to: the product, the release and the round.
  public struct AuditInfo: Sendable, Equatable, Codable {
    public let id: Int64
    public let product: String
    public let release: String
    /// Whether it was still open (verdicts may change) or closed (final) when the bag was made.
    public let state: AuditState
    /// The audit it retests.
    public let from: AuditIdentity?
  }

  /// A caption file bundled beside its recording.
  public struct Caption: Sendable, Equatable, Codable {
    public let file: String
    public let language: String?
    public let sha256: String
    /// Where it is read from; not written to the bundle (empty in one read from a bag).
    var source = ""

    private enum CodingKeys: String, CodingKey { case file, language, sha256 }
  }

  /// What Exhibit heard in a recording, bundled beside it as a machine WebVTT file
  /// (``HeardWebVTT``): heard, not captioned; absent from recordings never heard and from bags
  /// made before hearing.
  public struct HeardFile: Sendable, Equatable, Codable {
    public let file: String
    public let sha256: String
    /// The recogniser and model it was heard with.
    public let model: String
    /// The SHA-256 of the vocabulary listened for.
    public let vocabularySha256: String
    /// How many phrases were heard (the file's cues).
    public let heard: Int
    /// The file's text; not written to the manifest (empty in one read from a bag).
    var text = ""

    private enum CodingKeys: String, CodingKey { case file, sha256, model, vocabularySha256, heard }
  }

  /// A bundled recording with its catalogued metadata.
  public struct Recording: Sendable, Equatable, Codable {
    public let sha256: String
    public let file: String
    /// The file name it was catalogued under.
    public let name: String
    public let size: Int64
    public let status: RecordingStatus
    public let container: String?
    public let durationSeconds: Double?
    public let videoCodec: String?
    public let width: Int?
    public let height: Int?
    public let audioCodec: String?
    public let assistiveTech: String?
    public let browser: String?
    public internal(set) var captions: [Caption]
    public let environment: Environment
    /// What its first caption track says, cue by cue, for the report's transcript.
    public internal(set) var transcript: [Cue] = []
    /// What Exhibit heard in it, when it was heard.
    public internal(set) var heard: HeardFile? = nil
    /// The phrases of ``heard``, cue by cue, for the report.
    public internal(set) var heardCues: [Cue] = []
    /// Where it is read from; not written to the bundle (empty in one read from a bag).
    var source = ""

    private enum CodingKeys: String, CodingKey {
      case sha256, file, name, size, status, container, durationSeconds, videoCodec, width, height, audioCodec
      case assistiveTech, browser, captions, environment, heard
    }
  }

  /// The bag's name: `native-checkbox-ios-2026-11-21`, with `.2`, `.3` for later exports that day.
  public internal(set) var name: String
  public let component: String
  public let title: String
  public let platform: Platform
  public let date: String
  public let criteriaRevision: Int
  public let criteriaFormat: String
  public let criteriaSha256: String
  public let auditors: [String]
  /// What was tested, where the auditor said.
  public let tested: TestedProduct
  /// `fail` when any verdict fails or conflicts, else `incomplete` while any screen reader of an
  /// item lacks a verdict, else `pass`.
  public let overallStatus: OverallStatus
  /// The screen readers (and browsers) the checklist has a column for.
  public let columns: [Column]
  public let items: [Item]
  public let gaps: [String]
  public let links: [Link]
  public internal(set) var recordings: [Recording]
  /// The newest audit event's hash when the bundle was made: an anchor for `exhibit verify`.
  public let auditHead: String
  /// The audit events behind the bundle's verdicts, recordings and criteria.
  var auditEvents: [AuditEvent] = []
  /// The component's Gherkin for the platform.
  var feature = ""
  /// The items counted by the one rule (``ItemStanding``), as coverage, show and the web pages
  /// count them; absent from bags made before the rule, whose report does not show it.
  public var summary: Summary?
  /// The audit the bag's verdicts belong to; absent from bags made before audits.
  public var audit: AuditInfo?
  /// Which layout `report.html` has: 2 (a timeline per recording, screenshots and observations,
  /// suggested links apart from the evidence, a print stylesheet) in bags made since 0.9.0;
  /// 3, the same report, in bags whose audit log also carries their audit's own events (its
  /// making, renaming, rescoping and close), from which `verify` checks the audit's product,
  /// release and state; absent from earlier bags, whose report is rendered as those releases
  /// rendered it (``LegacyReportPage``), so that they still verify.
  public var reportLayout: Int?

  /// The layout new bags' reports have. 4 is the same report as 3, with each item listing only the
  /// columns it is judged in (``EvidenceColumn``: its platform's for keyboard, settings and other
  /// items, a screen reader's for screen-reader and gesture items), which `verify` counts by.
  /// 5, the same again, with the findings of the bag's audit and a still frame of each failing
  /// video verdict (``findingsLayout``).
  /// 6, the same again, with the approvals standing on its columns and levels (``approvalsLayout``).
  /// 7, the same again, with what Exhibit heard in a recording beside it (``HeardFile``).
  static let currentReportLayout = 7
  /// Every layout Exhibit has written: a bag naming another was not made by it.
  static let knownReportLayouts: Set<Int> = [2, 3, 4, 5, 6, 7]
  /// The first layout whose items are judged in the columns of their section.
  static let sectionColumnsLayout = 4
  /// The bag's conformance report: who signs it and the levels decided in its audit for its
  /// component type; absent from bags made without audits, without a report author, or before
  /// conformance reports. With it the bag carries `acr.yaml` and `acr.html`, drafted from its own
  /// evidence (``BundleContents/conformanceDraft``).
  public var conformance: ConformanceFacts?
  /// The findings of its audit resting on its component and platform (``Finding``); absent from
  /// bags made before findings, from bags without an audit, and from a closed audit's bag whose
  /// fails were judged before findings were kept.
  public var findings: [Finding]?
  /// A still frame of each failing video verdict (``Frame``), each a PNG in `data/frames/`;
  /// absent from bags made before frames.
  public var frames: [Frame]?
  /// The approvals standing on its columns and its component type's decided levels (``Approval``);
  /// absent from bags made before approvals and from bags without an audit.
  public var approvals: [Approval]?

  /// A success criterion an item bears on, as a bag records it.
  public struct WCAGLink: Sendable, Equatable, Codable {
    public let criterion: String
    public let relation: WCAGRelation
  }

  /// What a bag's conformance report is drafted from besides its evidence.
  public struct ConformanceFacts: Sendable, Equatable, Codable {
    public let author: OpenACRDocument.Author
    /// The levels decided in the audit for the bag's component type, the latest per criterion.
    public let decisions: [ACRDecision]
  }

  /// How many items pass, fail, conflict, do not apply or still have gaps.
  public struct Summary: Sendable, Equatable, Codable {
    public let pass: Int
    public let fail: Int
    public let conflicting: Int
    public let notApplicable: Int
    public let gaps: Int

    /// The summary of items by their columns' verdicts.
    init(items: [Item]) {
      var tally = CoverageTally()
      for item in items {
        tally.count(ItemStanding(notApplicable: item.notApplicable, columns: item.verdicts.map(\.verdict)))
      }
      self.init(tally)
    }

    /// The summary with a tally's counts.
    public init(_ tally: CoverageTally) {
      pass = tally.pass
      fail = tally.fail
      conflicting = tally.conflicts
      notApplicable = tally.notApplicable
      gaps = tally.gaps
    }
  }

  private enum CodingKeys: String, CodingKey {
    case name, component, title, platform, date, criteriaRevision, criteriaFormat, criteriaSha256, auditors
    case tested, overallStatus, columns, items, gaps, links, recordings, auditHead, summary, audit
    case reportLayout, conformance, findings, frames, approvals
  }
}

extension BundleContents.Item {
  private enum CodingKeys: String, CodingKey {
    case key, section, label, expectation, platforms, notApplicable, verdict, gap, verdicts, links, notes,
      wcag
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    key = try container.decode(String.self, forKey: .key)
    section = try container.decode(CriteriaSection.self, forKey: .section)
    label = try container.decode(String.self, forKey: .label)
    expectation = try container.decode(String.self, forKey: .expectation)
    platforms = try container.decode([Platform].self, forKey: .platforms)
    notApplicable = try container.decode(Bool.self, forKey: .notApplicable)
    verdict = try container.decodeIfPresent(CombinedVerdict.self, forKey: .verdict)
    gap = try container.decode(Bool.self, forKey: .gap)
    verdicts = try container.decode([BundleContents.ColumnVerdict].self, forKey: .verdicts)
    links = try container.decode([Int64].self, forKey: .links)
    notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
    wcag = try container.decodeIfPresent([BundleContents.WCAGLink].self, forKey: .wcag)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key, forKey: .key)
    try container.encode(section, forKey: .section)
    try container.encode(label, forKey: .label)
    try container.encode(expectation, forKey: .expectation)
    try container.encode(platforms, forKey: .platforms)
    try container.encode(notApplicable, forKey: .notApplicable)
    try container.encodeIfPresent(verdict, forKey: .verdict)
    try container.encode(gap, forKey: .gap)
    try container.encode(verdicts, forKey: .verdicts)
    try container.encode(links, forKey: .links)
    if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
    try container.encodeIfPresent(wcag, forKey: .wcag)
  }
}
