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

  /// The bag folder or zip checked.
  public let bag: String
  /// Payload files hashed.
  public let files: Int
  /// Payload bytes hashed.
  public let bytes: Int64
  public let problems: [Problem]
  public var valid: Bool { problems.isEmpty }

  private enum CodingKeys: String, CodingKey { case bag, valid, files, bytes, problems }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(bag, forKey: .bag)
    try container.encode(valid, forKey: .valid)
    try container.encode(files, forKey: .files)
    try container.encode(bytes, forKey: .bytes)
    try container.encode(problems, forKey: .problems)
  }
}
