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
  /// The most words a query may have once repeats are dropped.
  public static let maximumTerms = 64
  /// The longest query text.
  public static let maximumCharacters = 100_000

  public init(_ text: String) throws {
    self.text = text
    let characters = text.unicodeScalars.count
    guard characters <= Self.maximumCharacters else {
      throw SearchError.tooLong(words: nil, characters: characters)
    }
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
    // Words that must all match: a repeat adds nothing but work. (With OR or NOT a repeat can
    // change the meaning, so those queries keep theirs.)
    if terms.allSatisfy({ $0.0 == .and }) {
      var seen: [Term] = []
      terms = terms.filter { entry in
        guard !seen.contains(entry.1) else { return false }
        seen.append(entry.1)
        return true
      }
    }
    guard terms.count <= Self.maximumTerms else {
      throw SearchError.tooLong(words: terms.count, characters: characters)
    }
    self.terms = terms
  }

  /// The FTS5 MATCH expression.
  public var expression: String {
    var expression = ""
    for (index, (entry, phrase)) in zip(terms, phrases).enumerated() {
      if index > 0 { expression += entry.joiner.rawValue }
      expression += phrase
    }
    return expression
  }

  /// Each term as an FTS5 phrase (`"not checked"`, `"che" *`), in the order FTS5 numbers them.
  public var phrases: [String] {
    terms.map { entry in
      let quoted = "\"" + Self.doublingQuotes(entry.term.text) + "\""
      return entry.term.prefix ? quoted + " *" : quoted
    }
  }

  /// The text with every quote doubled, scalar by scalar, as an FTS5 string needs. (String's
  /// own replacing works on characters and misses a quote that carries a combining mark.)
  private static func doublingQuotes(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      scalars.append(scalar)
      if scalar == "\"" { scalars.append(scalar) }
    }
    return String(scalars)
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
  ///
  /// It reads Unicode scalars, not characters: a quote followed by a combining mark is one
  /// `Character`, yet FTS5 sees the quote. Found by fuzzing.
  private static func tokens(of text: String) -> [Token] {
    var tokens: [Token] = []
    var scalars = Substring(text).unicodeScalars[...]
    let quote: Unicode.Scalar = "\""
    func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace || scalar == "\0" }
    while let first = scalars.first {
      if isSpace(first) {
        scalars = scalars.dropFirst()
      } else if first == quote {
        let body = scalars.dropFirst()
        let end = body.firstIndex(of: quote) ?? body.endIndex
        var rest = end < body.endIndex ? body[body.index(after: end)...] : body[end...]
        let prefix = rest.first == "*"
        rest = rest.drop { $0 == "*" }
        if let term = term(String(Substring(body[..<end])), prefix: prefix) {
          tokens.append(.term(term))
        }
        scalars = rest
      } else {
        let end = scalars.firstIndex { isSpace($0) || $0 == quote } ?? scalars.endIndex
        let word = String(Substring(scalars[..<end]))
        scalars = scalars[end...]
        switch word {
        case "OR": tokens.append(.operator(.or, word))
        case "NOT": tokens.append(.operator(.not, word))
        case "AND": tokens.append(.operator(.and, word))
        default:
          var stripped = word.unicodeScalars[...]
          while stripped.last == "*" { stripped = stripped.dropLast() }
          let text = String(Substring(stripped))
          if let term = term(text, prefix: stripped.count != word.unicodeScalars.count) {
            tokens.append(.term(term))
          }
        }
      }
    }
    return tokens
  }

  /// A term, or nil when nothing in it could be a token.
  ///
  /// A NUL becomes a space: inside an FTS5 string it would end the string early ("unterminated
  /// string"), and to the tokenizer it separates words anyway. Found by fuzzing.
  private static func term(_ text: String, prefix: Bool) -> Term? {
    guard
      text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil })
    else { return nil }
    var clean = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { clean.append(scalar == "\0" ? " " : scalar) }
    return Term(text: String(clean), prefix: prefix)
  }
}
