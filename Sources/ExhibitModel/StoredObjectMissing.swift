/// The evidence store lacks an object the catalogue says it holds: deleted behind Exhibit's back.
public struct StoredObjectMissing: Error, Sendable, Equatable, CustomStringConvertible {
  public let location: String
  public let sha256: String
  public let kind: StoredObjectKind

  public init(location: String, sha256: String, kind: StoredObjectKind) {
    self.location = location
    self.sha256 = sha256
    self.kind = kind
  }

  public var description: String { "\(location)/\(kind.folder)/\(sha256) is not in the evidence store" }
}
