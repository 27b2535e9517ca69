/// Everything an evidence bundle holds for one component on one platform, as `manifest.json`
/// records it. Built by ``Store/bundleContents(component:platform:date:)``; host paths are kept
/// out of the encoded form so the same database state gives the same bytes anywhere.
public struct BundleContents: Sendable, Equatable, Encodable {
  /// A criteria item that applies to the platform.
  public struct Item: Sendable, Equatable, Encodable {
    public let key: String
    public let section: String
    public let label: String
    public let expectation: String
    public let platforms: [String]
    public let notApplicable: Bool
    /// The combined verdict of its links (`conflict` when they disagree), nil without links.
    public let verdict: String?
    /// Whether it still needs a pass, fail or not-applicable verdict on this platform.
    public let gap: Bool
    /// The ids of its links in ``BundleContents/links``.
    public let links: [Int64]
  }

  /// A verdict: one link of a recording (or a segment) to an item.
  public struct Link: Sendable, Equatable, Encodable {
    public let id: Int64
    public let item: String
    public let recording: String
    /// The recording's path inside `data/`.
    public let file: String
    public let startSeconds: Double?
    public let endSeconds: Double?
    public let verdict: String
    public let auditor: String
    public let note: String
    public let platformOverride: Bool
    public let createdAt: String
  }

  /// A caption file bundled beside its recording.
  public struct Caption: Sendable, Equatable, Encodable {
    public let file: String
    public let language: String?
    public let sha256: String
    /// Where it is read from; not written to the bundle.
    let source: String

    private enum CodingKeys: String, CodingKey { case file, language, sha256 }
  }

  /// A bundled recording with its catalogued metadata.
  public struct Recording: Sendable, Equatable, Encodable {
    public let sha256: String
    public let file: String
    /// The file name it was catalogued under.
    public let name: String
    public let size: Int64
    public let status: String
    public let container: String?
    public let durationSeconds: Double?
    public let videoCodec: String?
    public let width: Int?
    public let height: Int?
    public let audioCodec: String?
    public let assistiveTech: String?
    public let browser: String?
    public let captions: [Caption]
    /// Where it is read from; not written to the bundle.
    let source: String

    private enum CodingKeys: String, CodingKey {
      case sha256, file, name, size, status, container, durationSeconds, videoCodec, width, height, audioCodec
      case assistiveTech, browser, captions
    }
  }

  /// The bag's name: `native-checkbox-ios-2026-11-21`, with `.2`, `.3` for later exports that day.
  public internal(set) var name: String
  public let component: String
  public let title: String
  public let platform: String
  public let date: String
  public let criteriaRevision: Int
  public let criteriaFormat: String
  public let criteriaSha256: String
  public let auditors: [String]
  public let items: [Item]
  public let gaps: [String]
  public let links: [Link]
  public let recordings: [Recording]
  /// The newest audit event's hash when the bundle was made: an anchor for `exhibit verify`.
  public let auditHead: String
  /// The audit events behind the bundle's verdicts, recordings and criteria.
  let auditEvents: [AuditEvent]
  /// The component's Gherkin for the platform.
  let feature: String

  private enum CodingKeys: String, CodingKey {
    case name, component, title, platform, date, criteriaRevision, criteriaFormat, criteriaSha256, auditors
    case items, gaps, links, recordings, auditHead
  }
}
