import ExhibitModel

/// A finding with what it rests on, for `findings show` and a tracker's issue: what each item
/// expects, every verdict of its columns in every round (the fails that started it, the retests
/// that followed), with the captions said in each segment, and where it was tested.
public struct FindingDetail: Sendable, Equatable, Encodable {
  /// What an item expects.
  public struct Expectation: Sendable, Equatable, Encodable {
    public let item: String
    public let label: String
    public let expectation: String
  }

  /// One verdict in one of its columns.
  public struct Evidence: Sendable, Equatable, Encodable {
    public let link: Int64
    public let audit: Int64
    public let item: String
    public let platform: String
    public let assistiveTech: String?
    public let verdict: Verdict
    /// The recording's path; nil for an observation.
    public let recording: String?
    public let sha256: String?
    public let startSeconds: Double?
    public let endSeconds: Double?
    public let note: String
    public let auditor: String
    /// Where it was judged, as the auditor gave it.
    public let environment: String?
    /// What the captions say in the segment (the whole recording when it has none).
    public let captions: [String]
  }

  public let finding: Finding
  public let expected: [Expectation]
  public let evidence: [Evidence]
  /// Where it failed: platform, screen reader and what the auditor gave, each once.
  public let environment: [String]

  private enum CodingKeys: String, CodingKey { case expected, evidence, environment }

  public func encode(to encoder: any Encoder) throws {
    try finding.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(expected, forKey: .expected)
    try container.encode(evidence, forKey: .evidence)
    try container.encode(environment, forKey: .environment)
  }
}
