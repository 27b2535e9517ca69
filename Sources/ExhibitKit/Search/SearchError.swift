/// Why a search could not run.
public enum SearchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The query has no word to look for.
  case nothingToSearch(String)
  /// `--limit` below 1.
  case badLimit(Int)

  public var description: String {
    switch self {
    case .nothingToSearch(let text):
      "\(text.debugDescription): nothing to search for; give at least one word with a letter or digit"
    case .badLimit(let limit):
      "--limit \(limit): the limit must be at least 1"
    }
  }
}
