import ExhibitKit

/// A reviewer's query (``SearchQuery``, the same reading as on SQLite) as a PostgreSQL `tsquery`
/// expression over the `exhibit_search` configuration: each term a phrase (its last word a
/// prefix when it ends in `*`), `NOT` as AND NOT, and AND binding tighter than OR, as in FTS5.
/// Every term's text is bound, never spliced into the SQL: its placeholders are numbered `?1`,
/// `?2`… so the expression can be written twice in one statement and bound once.
struct TextSearchQuery {
  /// The expression, its terms bound as `?1` on.
  let sql: String
  /// The same expression for a vector that also holds its words' pairs (caption cues, migration
  /// 006): each phrase asks for its pairs too, which the GIN index finds, and is still checked.
  let pairedSQL: String
  /// For a query of terms joined by AND (or AND NOT) with a phrase of several words among those
  /// it asks for: the pairs of every such phrase, which every cue saying them all holds (a pair
  /// query alone is exact for a phrase of two words), so the index finds a narrow superset of
  /// the matches in one lookup a pair; nil for any other query.
  let pairs: String?
  /// The values to bind, in order.
  let values: [String]

  /// Reads `query`.
  init(_ query: SearchQuery) {
    var values: [String] = []
    func bind(_ text: String) -> String {
      values.append(text)
      return "?\(values.count)"
    }
    /// A term as a tsquery, with its pairs (the words before a trailing `*` pair up), and the
    /// pairs alone (nil for a term of fewer than two words that pair).
    func phrase(_ term: SearchQuery.Term) -> (plain: String, paired: String, pairs: String?) {
      let words = Self.words(of: term.text)
      guard term.prefix, let last = words.last else {
        let text = bind(term.text)
        let plain = "phraseto_tsquery('exhibit_search', exhibit_search_words(\(text)))"
        guard words.count > 1 else { return (plain, plain, nil) }
        let pairs = "exhibit_pair_query(\(text))"
        return (plain, "(\(pairs) && \(plain))", pairs)
      }
      let prefix = "to_tsquery('exhibit_search', \(bind(last)) || ':*')"
      guard words.count > 1 else { return (prefix, prefix, nil) }
      let leading = bind(words.dropLast().joined(separator: " "))
      let plain = "tsquery_phrase(phraseto_tsquery('exhibit_search', \(leading)), \(prefix))"
      guard words.count > 2 else { return (plain, plain, nil) }
      let pairs = "exhibit_pair_query(\(leading))"
      return (plain, "(\(pairs) && \(plain))", pairs)
    }
    // OR separates groups of terms that must all match (AND) or must not (NOT).
    var groups: [[(plain: String, paired: String, pairs: String?)]] = []
    for (joiner, term) in query.terms {
      var part = phrase(term)
      // A phrase a match must not say narrows nothing the index can look up.
      if joiner == .not { part = ("!!" + part.plain, "!!" + part.paired, nil) }
      switch joiner {
      case .or: groups.append([part])
      case .and, .not: groups.isEmpty ? groups.append([part]) : groups[groups.count - 1].append(part)
      }
    }
    sql = groups.map { "(" + $0.map(\.plain).joined(separator: " && ") + ")" }.joined(separator: " || ")
    pairedSQL = groups.map { "(" + $0.map(\.paired).joined(separator: " && ") + ")" }.joined(
      separator: " || ")
    let asked = groups.count == 1 ? groups[0].compactMap(\.pairs) : []
    pairs = asked.isEmpty ? nil : asked.joined(separator: " && ")
    self.values = values
  }

  /// The words of a term as `exhibit_search_words` splits text: runs of letters and digits,
  /// lowercased.
  static func words(of text: String) -> [String] {
    text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
  }
}
