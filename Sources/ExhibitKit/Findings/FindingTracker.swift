/// Where a finding was filed: the tracker, its key there and the address.
public struct FindingTracker: Sendable, Equatable, Codable {
  /// `github` or `jira`.
  public let kind: String
  /// `OWNER/REPO#12` on GitHub, `PROJ-34` on Jira.
  public let key: String
  /// The page.
  public let url: String

  /// A tracker reference.
  public init(kind: String, key: String, url: String) {
    self.kind = kind
    self.key = key
    self.url = url
  }
}
