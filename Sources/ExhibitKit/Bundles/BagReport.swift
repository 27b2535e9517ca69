/// What `exhibit verify BUNDLE` found.
public struct BagReport: Sendable, Equatable, Encodable {
  /// One thing wrong with one file of the bag.
  public struct Problem: Sendable, Equatable, Codable, Comparable {
    /// The file's path inside the bag (or zip), as a manifest names it.
    public let path: String
    /// What is wrong: missing, extra, altered, unsafe name, and so on.
    public let problem: String

    public static func < (lhs: Problem, rhs: Problem) -> Bool {
      (lhs.path, lhs.problem) < (rhs.path, rhs.problem)
    }
  }

  /// The bag's signature, when it has one.
  public struct Signature: Sendable, Equatable, Encodable {
    /// The signing key's fingerprint (see ``BagSignature/fingerprint(of:)``).
    public let fingerprint: String
    /// Whether the signature matches the signed files.
    public let valid: Bool
    /// Whether the key is the workspace's own; nil when checked without a workspace key.
    public let workspaceKey: Bool?

    private enum CodingKeys: String, CodingKey { case fingerprint, valid, workspaceKey }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(fingerprint, forKey: .fingerprint)
      try container.encode(valid, forKey: .valid)
      try container.encode(workspaceKey, forKey: .workspaceKey)
    }
  }

  /// The bag folder or zip checked.
  public let bag: String
  /// Payload files hashed.
  public let files: Int
  /// Payload bytes hashed.
  public let bytes: Int64
  public let problems: [Problem]
  /// The signature, nil for an unsigned bag.
  public internal(set) var signature: Signature? = nil
  /// The database whose audit trail the evidence was checked against, nil when none was.
  public internal(set) var checkedAgainst: String? = nil
  public var valid: Bool { problems.isEmpty }

  private enum CodingKeys: String, CodingKey {
    case bag, valid, files, bytes, problems, signature, checkedAgainst
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(bag, forKey: .bag)
    try container.encode(valid, forKey: .valid)
    try container.encode(files, forKey: .files)
    try container.encode(bytes, forKey: .bytes)
    try container.encode(problems, forKey: .problems)
    try container.encode(signature, forKey: .signature)
    try container.encode(checkedAgainst, forKey: .checkedAgainst)
  }
}
