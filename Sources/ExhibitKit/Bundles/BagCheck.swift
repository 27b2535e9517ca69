/// One of the checks `exhibit verify` runs on a bag, with its outcome: the report lists every
/// check, and one that was not run says so and why, so verify never states a check it skipped.
public struct BagCheck: Sendable, Equatable, Encodable {
  /// The checks, by the stable names `verify --json` gives them.
  public enum Name: String, Sendable, Equatable, Encodable, CaseIterable {
    /// BagIt's own: bagit.txt, Payload-Oxum, every manifest and tag manifest hashed.
    case checksums
    /// An Exhibit bag holds the files Exhibit writes and no others.
    case contents
    /// The audit events hash as recorded and the verdicts, items and recordings follow from them.
    case evidence
    /// report.html, earl.jsonld, bag-info.txt and manifest.json are what manifest.json renders to.
    case rendering
    /// The Ed25519 signature over the bag's tag files.
    case signature
    /// The bag's audit events and head are in the workspace's audit trail.
    case workspace

    /// How the check is named in a sentence.
    public var title: String {
      switch self {
      case .checksums: "checksums"
      case .contents: "contents"
      case .evidence: "evidence replay"
      case .rendering: "report and EARL"
      case .signature: "signature"
      case .workspace: "workspace trail"
      }
    }
  }

  /// What became of a check.
  public enum Outcome: String, Sendable, Equatable, Encodable {
    /// Run, and nothing was wrong.
    case passed
    /// Run, and something was wrong: the report's problems say what.
    case failed
    /// Run, and something a reader should know was found that does not make the bag invalid.
    case warning
    /// Not run; ``BagCheck/detail`` says why.
    case skipped
  }

  public let name: Name
  public let outcome: Outcome
  /// What was checked, or why it was not.
  public let detail: String

  /// Creates a check's outcome.
  public init(_ name: Name, _ outcome: Outcome, _ detail: String) {
    self.name = name
    self.outcome = outcome
    self.detail = detail
  }
}
