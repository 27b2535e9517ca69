import ExhibitKit
import PostgresNIO

/// A reviewer's query (``SearchQuery``, the same reading as on SQLite) as a PostgreSQL `tsquery`
/// expression over the `exhibit_search` configuration: each term a phrase (its last word a
/// prefix when it ends in `*`), `NOT` as AND NOT, and AND binding tighter than OR, as in FTS5.
/// Every term's text is bound, never spliced into the SQL.
struct TextSearchQuery {
  /// The expression, its terms bound from `$first` on.
  let sql: String
  /// The values to bind, in order.
  let values: [String]
  /// Whether a term has several words, which must stand side by side.
  let hasPhrase: Bool

  /// Reads `query`, numbering its placeholders from `first`.
  init(_ query: SearchQuery, firstPlaceholder first: Int) {
    var values: [String] = []
    func bind(_ text: String) -> String {
      values.append(text)
      return "$\(first + values.count - 1)"
    }
    func phrase(_ term: SearchQuery.Term) -> String {
      let words = Self.words(of: term.text)
      guard term.prefix, let last = words.last else {
        return "phraseto_tsquery('exhibit_search', exhibit_search_words(\(bind(term.text))))"
      }
      let prefix = "to_tsquery('exhibit_search', \(bind(last)) || ':*')"
      guard words.count > 1 else { return prefix }
      let leading = words.dropLast().joined(separator: " ")
      return "tsquery_phrase(phraseto_tsquery('exhibit_search', \(bind(leading))), \(prefix))"
    }
    // OR separates groups of terms that must all match (AND) or must not (NOT).
    var groups: [[String]] = []
    for (joiner, term) in query.terms {
      let part = phrase(term)
      switch joiner {
      case .or: groups.append([part])
      case .and: groups.isEmpty ? groups.append([part]) : groups[groups.count - 1].append(part)
      case .not: groups.isEmpty ? groups.append(["!!" + part]) : groups[groups.count - 1].append("!!" + part)
      }
    }
    sql = groups.map { "(" + $0.joined(separator: " && ") + ")" }.joined(separator: " || ")
    self.values = values
    hasPhrase = query.terms.contains { Self.words(of: $0.term.text).count > 1 }
  }

  /// The words of a term as `exhibit_search_words` splits text: runs of letters and digits,
  /// lowercased.
  static func words(of text: String) -> [String] {
    text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
  }

  /// The values bound into `bindings`, in order.
  func bind(into bindings: inout PostgresBindings) {
    for value in values { bindings.append(value) }
  }
}
