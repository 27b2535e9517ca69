import Foundation

/// Captions an auditor wrote at the desk from what Exhibit heard: the stretches of speech as
/// cues, their times and words checked and corrected by hand. Written beside the recording as
/// its WebVTT sidecar (`name.vtt`) and catalogued, they are captions like any other: audited,
/// searched and bundled as evidence.
public enum HeardCaptions {
  /// One cue as the auditor left it.
  public struct Cue: Sendable, Equatable {
    public var startSeconds: Double
    public var endSeconds: Double
    public var text: String
  }

  /// Why the cues cannot be saved, naming the row.
  public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
  }

  /// The cues of the form's rows (start, end, words), in order; a row without words is left out.
  /// - Parameters:
  ///   - rows: The form's rows: start and end as typed, and the words.
  ///   - duration: The recording's length in seconds, when known.
  /// - Returns: The cues, by start.
  /// - Throws: ``Refusal`` for a time that cannot be read, an end not after its start, a cue
  ///   past the recording's end, or no cue at all.
  public static func cues(rows: [(start: String, end: String, text: String)], duration: Double?) throws
    -> [Cue]
  {
    var cues: [Cue] = []
    for (index, row) in rows.enumerated() {
      let text = row.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      guard !text.isEmpty else { continue }
      let name = "cue \(index + 1) (\(text.prefix(40)))"
      let start: Double
      let end: Double
      do {
        start = try SegmentTime.seconds(row.start)
        end = try SegmentTime.seconds(row.end)
      } catch {
        throw Refusal(description: "\(name): \(error)")
      }
      guard end > start else { throw Refusal(description: "\(name): it must end after it starts") }
      if let duration, start >= duration {
        throw Refusal(
          description: "\(name): it starts after the recording ends (\(SegmentTime.clock(duration)))")
      }
      cues.append(
        Cue(
          startSeconds: start, endSeconds: min(end, duration ?? end),
          text: text.replacingOccurrences(of: "-->", with: "->")))
    }
    guard !cues.isEmpty else {
      throw Refusal(description: "no cue has words: write what the screen reader said")
    }
    return cues.sorted { ($0.startSeconds, $0.endSeconds) < ($1.startSeconds, $1.endSeconds) }
  }

  /// The sidecar's text: a header saying who wrote it from what Exhibit heard, then the cues.
  public static func webVTT(_ cues: [Cue], auditor: String, date: String) -> String {
    var lines = [
      "WEBVTT - captions written at Exhibit's desk from what it heard", "",
      "NOTE",
      "Written by \(auditor.replacingOccurrences(of: "-->", with: "->")) on \(date), from the stretches of speech",
      "Exhibit heard, each checked and corrected by hand.", "",
    ]
    for (index, cue) in cues.enumerated() {
      lines += [
        "\(index + 1)",
        "\(HeardWebVTT.timestamp(cue.startSeconds)) --> \(HeardWebVTT.timestamp(cue.endSeconds))",
        cue.text, "",
      ]
    }
    return lines.joined(separator: "\n")
  }
}
