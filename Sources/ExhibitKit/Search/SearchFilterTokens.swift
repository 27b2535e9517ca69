import Foundation

/// The filter tokens a search by component, platform and audit matches, as the schema indexes
/// them beside caption and file-name text (`recording.search_scope`) and link notes
/// (`evidence_note_search.scope`): `zc` and the lowercase hex of `family/slug`, then `0`; `zp`,
/// the platform, then `0`; for notes, `za`, the audit's id, then `0`. One token each, whole under
/// the tokenizer and untouched by the stemmer, so a filter is exact.
struct SearchFilterTokens: Sendable, Equatable {
  /// The tokens, in query order.
  let tokens: [String]

  /// Tokens for a component (`family/slug`), a platform and an audit (link notes only), each
  /// optional.
  init(component: String?, platform: String?, audit: Int64? = nil) {
    var tokens: [String] = []
    if let component {
      tokens.append("zc" + component.utf8.hexString + "0")
    }
    if let platform { tokens.append("zp\(platform)0") }
    if let audit { tokens.append("za\(audit)0") }
    self.tokens = tokens
  }

  /// No filter.
  static let none = SearchFilterTokens(component: nil, platform: nil)

  /// How many filter phrases follow the text in ``match(text:_:)``: what `exhibit_bm25` leaves out.
  var count: Int { tokens.count }

  /// The FTS5 query: the user's expression on the text column, and each token on `scope`.
  func match(text column: String, _ expression: String) -> String {
    (["\(column) : (\(expression))"] + tokens.map { "scope : \($0)" }).joined(separator: " AND ")
  }
}
