import Foundation

/// Reads one element's text from the small XML documents S3 answers with (errors, upload ids).
enum XMLField {
  /// The text of the first `<name>…</name>` in `document`, entities decoded; nil when absent.
  static func value(_ name: String, in document: String) -> String? {
    guard let open = document.range(of: "<\(name)>"),
      let close = document.range(of: "</\(name)>", range: open.upperBound..<document.endIndex)
    else { return nil }
    return decoded(String(document[open.upperBound..<close.lowerBound]))
  }

  private static func decoded(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
