/// A piece of HTML. Text interpolated into it is escaped; only other `HTML` values and literals
/// go in as markup, so data from the database (criteria, captions, file names, notes) can only
/// ever be text on the page.
///
///     let row: HTML = "<td>\(caption.text)</td>"   // `<script>` in the caption shows as text
public struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
  /// The markup.
  public private(set) var markup: String

  /// Markup as it is. Only for literals and markup this module built.
  package init(markup: String) {
    self.markup = markup
  }

  public init(stringLiteral value: String) {
    markup = value
  }

  public init(stringInterpolation: StringInterpolation) {
    markup = stringInterpolation.markup
  }

  public var description: String { markup }

  /// Nothing.
  package static let empty = HTML(markup: "")

  /// Joins pieces of markup.
  package static func join(_ pieces: [HTML], separator: String = "") -> HTML {
    HTML(markup: pieces.map(\.markup).joined(separator: separator))
  }

  /// Text made safe for an element's content or a double- or single-quoted attribute value.
  package static func escape(_ text: String) -> String {
    HTMLText.escape(text)
  }

  /// Builds markup: literals as written, strings escaped, numbers as digits, HTML as markup.
  public struct StringInterpolation: StringInterpolationProtocol {
    var markup = ""

    public init(literalCapacity: Int, interpolationCount: Int) {
      markup.reserveCapacity(literalCapacity + interpolationCount * 16)
    }

    public mutating func appendLiteral(_ literal: String) {
      markup += literal
    }

    /// Text, escaped.
    public mutating func appendInterpolation(_ text: String) {
      markup += HTML.escape(text)
    }

    /// Text, escaped; nothing for nil.
    public mutating func appendInterpolation(_ text: String?) {
      if let text { markup += HTML.escape(text) }
    }

    /// A number.
    public mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) {
      markup += String(number)
    }

    /// A number with a fraction, as Swift writes it (`0.4`, `5.0`).
    public mutating func appendInterpolation(_ number: Double) {
      markup += String(number)
    }

    /// A component id as text, escaped.
    public mutating func appendInterpolation(_ component: ComponentID) {
      markup += HTML.escape(component.description)
    }

    /// An item key as text, escaped.
    public mutating func appendInterpolation(_ key: ItemKey) {
      markup += HTML.escape(key.description)
    }

    /// Markup, as it is.
    public mutating func appendInterpolation(_ html: HTML) {
      markup += html.markup
    }

    /// Pieces of markup, one after another.
    public mutating func appendInterpolation(_ pieces: [HTML]) {
      for piece in pieces { markup += piece.markup }
    }
  }
}
