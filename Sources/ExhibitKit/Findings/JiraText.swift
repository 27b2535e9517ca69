/// A tracker issue's Markdown body in Jira's wiki markup (REST API version 2): headings, bold,
/// links, code and lists as Jira writes them; the marker line becomes a comment-like line Jira shows
/// small.
public enum JiraText {
  /// `markdown` (as ``TrackerIssue`` writes it) in Jira's markup.
  public static func markup(_ markdown: String) -> String {
    markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
      var text = String(line)
      if text.hasPrefix("<!-- "), text.hasSuffix(" -->") {
        return "{color:#777777}" + text.dropFirst(5).dropLast(4) + "{color}"
      }
      if text.hasPrefix("### ") { return "h3. " + inline(String(text.dropFirst(4))) }
      var prefix = ""
      if text.hasPrefix("  - ") {
        prefix = "** "
        text.removeFirst(4)
      } else if text.hasPrefix("- ") {
        prefix = "* "
        text.removeFirst(2)
      } else if let dot = text.firstIndex(of: "."), text[..<dot].allSatisfy(\.isNumber),
        !text[..<dot].isEmpty,
        text[dot...].hasPrefix(". ")
      {
        prefix = "# "
        text = String(text[text.index(dot, offsetBy: 2)...])
      }
      return prefix + inline(text)
    }.joined(separator: "\n")
  }

  /// Bold, code and links of one line.
  private static func inline(_ text: String) -> String {
    var out = ""
    var rest = Substring(text)
    while let first = rest.first {
      if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
        out += "*" + rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound] + "*"
        rest = rest[end.upperBound...]
      } else if first == "`", let end = rest.dropFirst().firstIndex(of: "`") {
        out += "{{" + rest[rest.index(after: rest.startIndex)..<end] + "}}"
        rest = rest[rest.index(after: end)...]
      } else if first == "[", let close = rest.firstIndex(of: "]"),
        rest[rest.index(after: close)...].hasPrefix("("),
        let end = rest[close...].firstIndex(of: ")")
      {
        let label = rest[rest.index(after: rest.startIndex)..<close]
        let url = rest[rest.index(close, offsetBy: 2)..<end]
        out += "[\(label)|\(url)]"
        rest = rest[rest.index(after: end)...]
      } else {
        out.append(first)
        rest = rest.dropFirst()
      }
    }
    return out
  }
}
