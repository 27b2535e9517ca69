import Foundation

/// A speech log placed on a recording, as the WebVTT sidecar `recordings speech` writes beside
/// it (`name.speech.vtt`): the header says which log it came from and how it was placed, and each
/// entry is a cue. Catalogued like any caption file, it is audited and it is evidence.
public enum SpeechLogWebVTT {
  /// The file's text.
  /// - Parameters:
  ///   - alignment: The placed entries.
  ///   - format: The log's format.
  ///   - source: The log's file name.
  /// - Returns: WebVTT, one cue an entry.
  public static func text(_ alignment: SpeechLogAlignment, format: SpeechLog.Format, source: String) -> String
  {
    let placed =
      switch alignment.method {
      case .offset:
        "placed by the offset given: its first entry at \(seconds(alignment.offsetSeconds ?? 0)) s"
      case .heard:
        alignment.offsetSeconds.map {
          "placed by matching \(alignment.matched) entries against what Exhibit heard: its first entry at "
            + "\(seconds($0)) s"
        }
          ?? "placed by matching \(alignment.matched) entries against what Exhibit heard; the entries between "
          + "them share the time between"
      }
    var lines = [
      "WEBVTT - speech log imported by Exhibit", "",
      "NOTE",
      "What the screen reader logged that it said (\(format.displayName), \(oneLine(source))),",
      "\(placed).", "",
    ]
    for (index, cue) in alignment.cues.enumerated() {
      lines += [
        "said-\(index + 1)",
        "\(HeardWebVTT.timestamp(cue.startSeconds)) --> \(HeardWebVTT.timestamp(cue.endSeconds))",
        oneLine(cue.text), "",
      ]
    }
    return lines.joined(separator: "\n")
  }

  private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

  /// Text on one line, with nothing WebVTT would read as a timing (`-->`).
  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ").replacingOccurrences(of: "-->", with: "->")
  }
}
