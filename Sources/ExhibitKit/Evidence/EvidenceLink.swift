/// A recording, or a segment of it, judged against one criterion in one revision.
public struct EvidenceLink: Sendable, Equatable, Codable {
  public let id: Int64
  /// The criterion's key, e.g. `native/checkbox#screenreader.role`.
  public let item: ItemKey
  /// The criteria revision the verdict was given against.
  public let revision: Int
  public let recordingSHA256: String?
  public let recordingPath: String
  public let startSeconds: Double?
  public let endSeconds: Double?
  public let verdict: Verdict
  public let auditor: String
  public let note: String
  /// Whether the auditor linked an item that does not apply to the recording's platform.
  public let platformOverride: Bool
  /// Whether the auditor linked a recording attributed to another component.
  public let componentOverride: Bool
  public let createdAt: String
  public let retractedAt: String?
  public let retractedBy: String?
  public let retractionReason: String?
  /// The audit the link belongs to.
  public let audit: Int64
  /// The earlier round's link this verdict was carried from by a retest, and that link's audit:
  /// a carried verdict was not judged in this round.
  public let carriedFrom: Int64?
  public let carriedFromAudit: Int64?
  /// The carried link an auditor confirmed as this one.
  public let confirmedFrom: Int64?
  /// The screen reader, OS, browser and device the auditor gave, when given.
  public let environment: LinkEnvironment?

  /// What the verdict rests on: a recording, a screenshot or an observation (no file).
  public var evidence: EvidenceKind = .recording
  /// The platform and screen reader an observation was made on, as its auditor named them.
  public var observedPlatform: Platform? = nil
  public var observedAssistiveTech: String? = nil
  /// True when the link is to a component outside its audit's scope, as its auditor meant
  /// (`--outside-scope`); absent otherwise.
  public var outsideScope: Bool? = nil

  /// Whether the verdict was carried from an earlier round and not retested in this one.
  public var isCarried: Bool { carriedFrom != nil }

  /// The recording as models name it; nil for a link whose recording has no bytes on record
  /// (`recordingSha256` is null only in a damaged row).
  public var recording: RecordingRef? {
    recordingSHA256.map { RecordingRef(sha256: $0, path: recordingPath) }
  }

  private enum CodingKeys: String, CodingKey {
    case id, item, revision
    case recordingSHA256 = "recordingSha256"
    case recordingPath, startSeconds, endSeconds, verdict, auditor, note, platformOverride, componentOverride
    case createdAt, retractedAt, retractedBy, retractionReason
    case audit, carriedFrom, carriedFromAudit, confirmedFrom, environment
    case evidence, observedPlatform, observedAssistiveTech, outsideScope
  }
}

/// What a link request asks for.
///
/// Its recording and item are a user's words, resolved when the link is made: they stay text.
public struct LinkRequest: Sendable {
  /// The recording or screenshot as a user names it: a path or a SHA-256 prefix of at least 8 hex
  /// digits; nil for an observation, which rests on its note alone.
  public var recording: String?
  /// The platform an observation was made on (a recording's link takes its recording's).
  public var observedPlatform: Platform?
  /// The screen reader an observation was made with, if any.
  public var observedAssistiveTech: AssistiveTech?
  /// The item key as a user types it; any name of its component resolves.
  public var item: String
  public var verdict: Verdict
  public var from: Double?
  public var to: Double?
  public var auditor: String
  public var note: String
  /// Link even when the item does not apply to the recording's platform.
  public var overridePlatform: Bool
  /// Link even when the recording is attributed to another component.
  public var overrideComponent: Bool
  /// The audit, as a user names it (id, `PRODUCT@RELEASE` or name); nil for the one in use.
  public var audit: String?
  /// The screen reader, OS, browser and device the verdict was judged with, as the auditor says.
  public var environment: LinkEnvironment
  /// Whether the auditor links a component outside the audit's scope on purpose
  /// (`--outside-scope`); the link records it. Without it such a link is refused.
  public var outsideScope = false

  public init(
    recording: String?, item: String, verdict: Verdict, from: Double? = nil, to: Double? = nil,
    auditor: String,
    note: String = "", overridePlatform: Bool = false, overrideComponent: Bool = false, audit: String? = nil,
    environment: LinkEnvironment = LinkEnvironment()
  ) {
    self.audit = audit
    self.environment = environment
    self.recording = recording
    self.item = item
    self.verdict = verdict
    self.from = from
    self.to = to
    self.auditor = auditor
    self.note = note
    self.overridePlatform = overridePlatform
    self.overrideComponent = overrideComponent
  }
}
