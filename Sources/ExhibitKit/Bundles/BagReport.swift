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
    /// Whose key it is, when it is a teammate's registered in the catalogue (`exhibit keys`).
    public var signer: String? = nil

    private enum CodingKeys: String, CodingKey { case fingerprint, valid, workspaceKey, signer }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(fingerprint, forKey: .fingerprint)
      try container.encode(valid, forKey: .valid)
      try container.encode(workspaceKey, forKey: .workspaceKey)
      try container.encodeIfPresent(signer, forKey: .signer)
    }
  }

  /// What kind of bag it is, by what it holds (not by what its bag-info says).
  public enum Kind: String, Sendable, Equatable, Encodable {
    /// It carries Exhibit evidence (`data/manifest.json`, `data/audit-log.json`, an `Exhibit-*`
    /// field or an Exhibit signature), so it is held to every Exhibit check.
    case exhibit
    /// A plain BagIt bag: checked as BagIt, with no evidence to check.
    case bagit
  }

  /// The bag folder or zip checked.
  public let bag: String
  /// What kind of bag it is.
  public internal(set) var kind: Kind = .bagit
  /// Every check, in ``BagCheck/Name`` order, with its outcome.
  public internal(set) var checks: [BagCheck] = []
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

  /// One sentence of what the report found, for a person: never that a check passed that was
  /// not run.
  public var summary: String {
    let counts = "\(files) payload files, \(bytes) bytes"
    guard valid else {
      return "does not verify: \(problems.count) \(problems.count == 1 ? "problem" : "problems")"
    }
    switch kind {
    case .bagit:
      return "a valid BagIt bag, \(counts), every checksum matches; a BagIt bag: no Exhibit evidence checked"
    case .exhibit:
      let warned = checks.contains { $0.outcome == .warning }
      let skipped = checks.filter { $0.outcome == .skipped }.map(\.name.title)
      return "valid Exhibit evidence bag, \(counts): every check run passed"
        + (warned ? ", with a warning" : "")
        + (skipped.isEmpty ? "" : "; not checked: \(skipped.joined(separator: ", "))")
    }
  }

  /// The outcome of one check, nil when the report has none of that name.
  public func outcome(of name: BagCheck.Name) -> BagCheck.Outcome? {
    checks.first { $0.name == name }?.outcome
  }

  private enum CodingKeys: String, CodingKey {
    case bag, valid, kind, files, bytes, checks, problems, signature, checkedAgainst
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(bag, forKey: .bag)
    try container.encode(valid, forKey: .valid)
    try container.encode(kind, forKey: .kind)
    try container.encode(checks, forKey: .checks)
    try container.encode(files, forKey: .files)
    try container.encode(bytes, forKey: .bytes)
    try container.encode(problems, forKey: .problems)
    try container.encode(signature, forKey: .signature)
    try container.encode(checkedAgainst, forKey: .checkedAgainst)
  }
}
