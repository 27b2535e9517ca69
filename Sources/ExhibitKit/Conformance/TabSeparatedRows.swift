/// The rows of the tab-separated tables Exhibit carries (`Resources/*.tsv`): each line after the
/// header, split at its tabs, empty fields kept.
///
/// The lines are cut on their bytes rather than on Swift's characters: a command that reads a
/// table (`criteria show`, with its WCAG mapping) reads it once per process, and cutting a few
/// kilobytes character by character cost a tenth of a millisecond of every such command.
enum TabSeparatedRows {
  /// The rows of `text`, header left out.
  static func rows(_ text: String) -> [[String]] {
    text.utf8.split(separator: UInt8(ascii: "\n")).dropFirst().map { line in
      line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
  }
}
