/// Why a criteria document could not be read, with the file and line to look at.
public struct CriteriaParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The document's path as given.
  public let path: String
  /// The 1-based line the problem is on.
  public let line: Int
  /// What is wrong, in words a user can act on.
  public let reason: String

  /// Creates a diagnostic.
  public init(path: String, line: Int, reason: String) {
    self.path = path
    self.line = line
    self.reason = reason
  }

  public var description: String { "\(path):\(line): \(reason)" }
}
