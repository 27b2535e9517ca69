/// What a reviewer typed, read as plain text and turned into a safe FTS5 expression.
///
/// The text is never handed to FTS5 as syntax. It is read as:
/// - words, all of which must match (`dimmed button`);
/// - `"quoted words"`, which must match as a phrase; an unclosed quote runs to the end;
/// - a trailing `*`, which makes the word (or the last word of a phrase) a prefix (`announ*`);
/// - `OR` and `NOT` in capitals between two terms, as operators; elsewhere they are dropped, and
///   a query of nothing but them looks for them as words (`AND` joins implicitly anyway).
///
/// Everything else is text: `aria-label`, `1.4.10` and `C++` become phrases of the words FTS5's
/// tokenizer finds in them (`aria label`, `1 4 10`, `c`), and a term with no letter or digit is
/// dropped. Each term is emitted as an FTS5 string, so no input can produce an FTS5 syntax error.
public struct SearchQuery: Sendable {
  /// One thing to match.
  public struct Term: Sendable, Equatable {
    /// The words, as typed (FTS5 splits them into tokens).
    public var text: String
    /// Whether the last word matches as a prefix.
    public var prefix: Bool
  }

  /// How a term joins the one before it.
  public enum Joiner: String, Sendable, Equatable {
    case and = " "
    case or = " OR "
    case not = " NOT "
  }

  /// The terms, each with how it joins the previous one (the first one's joiner is `.and`).
  public let terms: [(joiner: Joiner, term: Term)]
  /// The text as typed.
  public let text: String

  /// Reads a reviewer's query.
  /// - Throws: ``SearchError/nothingToSearch(_:)`` when no term has a letter or digit.
  public init(_ text: String) throws {
    self.text = text
    var terms: [(Joiner, Term)] = []
    var pending: Joiner = .and
    var tokens = Self.tokens(of: text)
    if !tokens.contains(where: \.isTerm) {
      tokens = tokens.compactMap { token in
        guard case .operator(_, let word) = token else { return nil }
        return .term(Term(text: word, prefix: false))
      }
    }
    for token in tokens {
      switch token {
      case .operator(let joiner, _):
        // An operator counts only between two terms; a leading one is dropped.
        if !terms.isEmpty { pending = joiner }
      case .term(let term):
        terms.append((terms.isEmpty ? .and : pending, term))
        pending = .and
      }
    }
    guard !terms.isEmpty else { throw SearchError.nothingToSearch(text) }
    self.terms = terms
  }

  /// The FTS5 MATCH expression.
  public var expression: String {
    terms.enumerated().map { index, entry in
      let quoted = "\"" + entry.term.text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      let term = entry.term.prefix ? quoted + " *" : quoted
      return index == 0 ? term : entry.joiner.rawValue + term
    }.joined()
  }

  private enum Token {
    case term(Term)
    /// An operator and the word it was written as.
    case `operator`(Joiner, String)

    var isTerm: Bool {
      if case .term = self { return true }
      return false
    }
  }

  /// Splits the text into terms and operators.
  private static func tokens(of text: String) -> [Token] {
    var tokens: [Token] = []
    var characters = Substring(text)
    while let first = characters.first {
      if first.isWhitespace {
        characters = characters.dropFirst()
      } else if first == "\"" {
        let body = characters.dropFirst()
        let end = body.firstIndex(of: "\"") ?? body.endIndex
        var rest = end < body.endIndex ? body[body.index(after: end)...] : body[end...]
        let prefix = rest.first == "*"
        rest = rest.drop { $0 == "*" }
        if let term = term(String(body[..<end]), prefix: prefix) { tokens.append(.term(term)) }
        characters = rest
      } else {
        let end = characters.firstIndex { $0.isWhitespace || $0 == "\"" } ?? characters.endIndex
        let word = String(characters[..<end])
        characters = characters[end...]
        switch word {
        case "OR": tokens.append(.operator(.or, word))
        case "NOT": tokens.append(.operator(.not, word))
        case "AND": tokens.append(.operator(.and, word))
        default:
          let stripped = word.hasSuffix("*") ? String(word.reversed().drop { $0 == "*" }.reversed()) : word
          if let term = term(stripped, prefix: stripped != word) { tokens.append(.term(term)) }
        }
      }
    }
    return tokens
  }

  /// A term, or nil when nothing in it could be a token.
  private static func term(_ text: String, prefix: Bool) -> Term? {
    guard
      text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil })
    else { return nil }
    return Term(text: text, prefix: prefix)
  }
}
