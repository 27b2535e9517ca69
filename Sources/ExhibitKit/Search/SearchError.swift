/// Why a search could not run.
public enum SearchError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The query has no word to look for.
  case nothingToSearch(String)
  /// `--limit` below 1.
  case badLimit(Int)
  /// More words, or more text, than a query may have.
  case tooLong(words: Int?, characters: Int)

  public var description: String {
    switch self {
    case .nothingToSearch(let text):
      "\(text.debugDescription): nothing to search for; give at least one word with a letter or digit"
    case .badLimit(let limit):
      "--limit \(limit): the limit must be at least 1"
    case .tooLong(let words?, _):
      "the query has \(words) different words; a query takes at most \(SearchQuery.maximumTerms)"
    case .tooLong(nil, let characters):
      "the query has \(characters) characters; a query takes at most \(SearchQuery.maximumCharacters)"
    }
  }
}
