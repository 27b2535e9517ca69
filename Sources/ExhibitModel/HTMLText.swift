/// Text made safe to place in HTML, for the bundle's report and the web workspace's pages.
public enum HTMLText {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by references, so it can be an element's
  /// content or a quoted attribute's value and never markup.
  public static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
