/// The result of checking the audit trail's hash chain.
public struct AuditChainReport: Sendable, Equatable, Encodable {
  /// One broken link of the chain.
  public struct Problem: Sendable, Equatable, Codable {
    /// `audit_event:<id>`, the first event that does not hold.
    public let path: String
    public let problem: String

    /// Creates a problem found at `path`.
    public init(path: String, problem: String) {
      self.path = path
      self.problem = problem
    }
  }

  public var valid: Bool { problems.isEmpty }
  /// How many events were checked.
  public let events: Int
  /// The newest event's hash: record it elsewhere to detect the loss of the newest events.
  public let headHash: String
  public let problems: [Problem]

  /// Creates a report.
  public init(events: Int, headHash: String, problems: [Problem]) {
    self.events = events
    self.headHash = headHash
    self.problems = problems
  }

  private enum CodingKeys: String, CodingKey {
    case valid, events, headHash, problems
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(valid, forKey: .valid)
    try container.encode(events, forKey: .events)
    try container.encode(headHash, forKey: .headHash)
    try container.encode(problems, forKey: .problems)
  }
}
