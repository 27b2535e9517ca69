import Foundation

/// A speech log placed on a recording's time line, as timed cues.
///
/// Each entry is matched with the phrases Exhibit heard (``HeardTrack``) in order: an entry
/// takes the heard phrases its words contain, and never one heard before an earlier entry's
/// (the best matching that keeps both in order, found by dynamic programming, an entry's first
/// phrase counting twice what each more counts). A matched entry
/// lies over the stretches of speech (utterances) of its first and last phrase. Then:
/// - a log with times (NVDA's) is moved by one offset, the one given or, without it, the median
///   of the matched entries' own (where the recording put each, less where the log put it);
/// - a log without times takes the matched entries' places, and the entries between two of them
///   share the time between equally.
public struct SpeechLogAlignment: Sendable, Equatable {
  /// One entry at its place in the recording.
  public struct Cue: Sendable, Equatable {
    public var startSeconds: Double
    public var endSeconds: Double
    public var text: String
  }

  /// How the log was placed.
  public enum Method: String, Sendable, Codable {
    /// By the offset the user gave.
    case offset
    /// By matching the log against what Exhibit heard.
    case heard
  }

  public var cues: [Cue]
  public var method: Method
  /// For a timed log, the recording's second at which its first entry was said.
  public var offsetSeconds: Double?
  /// How many entries matched something Exhibit heard.
  public var matched: Int
  /// How many entries fell outside the recording and were left out.
  public var outside: Int

  /// The longest a timed entry's cue lasts when the next entry is later still (seconds).
  static let longestTimedCue = 8.0

  /// Places `log` on a recording `duration` seconds long (unknown: nil) that Exhibit heard as
  /// `heard` in `utterances` (both empty when it was not heard).
  /// - Throws: ``SpeechLogAlignmentError`` when the log cannot be placed.
  public static func align(
    _ log: SpeechLog, offset: Double?, heard: [HeardTrack.HeardPhrase], utterances: [HeardTrack.Utterance],
    duration: Double?
  ) throws -> SpeechLogAlignment {
    let end = duration ?? .infinity
    if let offset {
      guard log.isTimed else { throw SpeechLogAlignmentError.offsetWithoutTimes(log.format) }
      return timed(log, offset: offset, method: .offset, matched: 0, end: end)
    }
    guard !utterances.isEmpty || !heard.isEmpty else {
      throw SpeechLogAlignmentError.notHeard(timed: log.isTimed)
    }
    let spans = matchedSpans(log.entries.map(\.text), heard: heard, utterances: utterances)
    guard !spans.isEmpty else { throw SpeechLogAlignmentError.nothingMatches(timed: log.isTimed) }
    if log.isTimed {
      let offsets = spans.map { index, span in span.start - (log.entries[index].seconds ?? 0) }.sorted()
      let median = offsets[offsets.count / 2]
      return timed(
        log, offset: (median * 1000).rounded() / 1000, method: .heard, matched: spans.count, end: end)
    }
    let heardUntil = max(utterances.last?.endSeconds ?? 0, heard.last?.endSeconds ?? 0)
    return untimed(log, spans: spans, end: duration ?? heardUntil)
  }

  /// A timed log moved by `offset`: each entry until the next (at most ``longestTimedCue``).
  private static func timed(
    _ log: SpeechLog, offset: Double, method: Method, matched: Int, end: Double
  ) -> SpeechLogAlignment {
    var cues: [Cue] = []
    var outside = 0
    for (index, entry) in log.entries.enumerated() {
      let start = (entry.seconds ?? 0) + offset
      let next = index + 1 < log.entries.count ? (log.entries[index + 1].seconds ?? 0) + offset : .infinity
      let stop = min(next, start + longestTimedCue, end)
      guard start >= 0, start < end, stop > start else {
        outside += 1
        continue
      }
      cues.append(Cue(startSeconds: start, endSeconds: stop, text: entry.text))
    }
    return SpeechLogAlignment(
      cues: cues, method: method, offsetSeconds: offset, matched: matched, outside: outside)
  }

  /// An untimed log placed by its matched entries, the rest sharing the time between them.
  private static func untimed(
    _ log: SpeechLog, spans: [Int: (start: Double, end: Double)], end: Double
  ) -> SpeechLogAlignment {
    var cues: [Cue] = []
    var pending: [String] = []
    var previousEnd = 0.0
    func share(until limit: Double) {
      guard !pending.isEmpty else { return }
      let slice = max(0, limit - previousEnd) / Double(pending.count)
      for (index, text) in pending.enumerated() where slice > 0 {
        let start = previousEnd + Double(index) * slice
        cues.append(Cue(startSeconds: start, endSeconds: start + slice, text: text))
      }
      pending = []
    }
    for (index, entry) in log.entries.enumerated() {
      guard let span = spans[index] else {
        pending.append(entry.text)
        continue
      }
      share(until: span.start)
      cues.append(Cue(startSeconds: span.start, endSeconds: span.end, text: entry.text))
      previousEnd = span.end
    }
    share(until: end)
    let outside = log.entries.count - cues.count
    return SpeechLogAlignment(
      cues: cues.map {
        Cue(startSeconds: round3($0.startSeconds), endSeconds: round3($0.endSeconds), text: $0.text)
      },
      method: .heard, offsetSeconds: nil, matched: spans.count, outside: outside)
  }

  /// Each matched entry's span: from the start of the utterance of its first matched phrase to
  /// the end of the utterance of its last (the phrase's own times where no utterance holds it).
  static func matchedSpans(
    _ entries: [String], heard: [HeardTrack.HeardPhrase], utterances: [HeardTrack.Utterance]
  ) -> [Int: (start: Double, end: Double)] {
    let said = entries.map { " " + words($0) + " " }
    let phrases = heard.map { " " + words($0.text) + " " }
    let (n, m) = (said.count, heard.count)
    guard n > 0, m > 0 else { return [:] }
    let takes = said.map { entry in phrases.map { entry.contains($0) } }
    func utterance(of phrase: HeardTrack.HeardPhrase) -> Int? {
      let middle = (phrase.startSeconds + phrase.endSeconds) / 2
      return utterances.firstIndex { $0.startSeconds <= middle && middle <= $0.endSeconds }
    }
    let heardIn = heard.map(utterance(of:))
    // In order, an entry may take several phrases in a row; an entry's first phrase counts 4,
    // each more 2 when it was heard in the same utterance as the phrase before it and 1 when
    // not, so a phrase goes to an entry of its own rather than to a neighbour whose words happen
    // to hold it too ("checked" in "not checked"), and of two ways to share phrases the one
    // whose entries keep to their utterances wins. open[i][j]: the best score of the first i
    // entries with the first j phrases, entry i having taken none; taking[i][j]: the same with
    // entry i having taken some.
    func more(_ j: Int) -> Int { j > 1 && heardIn[j - 1] != nil && heardIn[j - 1] == heardIn[j - 2] ? 2 : 1 }
    let never = Int.min / 4
    var open = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    var taking = Array(repeating: Array(repeating: never, count: m + 1), count: n + 1)
    for i in 1...n {
      for j in 0...m {
        open[i][j] = max(open[i - 1][j], taking[i - 1][j])
        guard j > 0 else { continue }
        taking[i][j] = taking[i][j - 1]
        if takes[i - 1][j - 1] {
          taking[i][j] = max(taking[i][j], open[i][j - 1] + 4, taking[i][j - 1] + more(j))
        }
      }
    }
    var taken: [Int: [Int]] = [:]
    var (i, j) = (n, m)
    var inTaking = taking[n][m] > open[n][m]
    while i > 0 {
      if !inTaking {
        inTaking = taking[i - 1][j] > open[i - 1][j]
        i -= 1
      } else if j == 0 {
        break
      } else if takes[i - 1][j - 1], taking[i][j - 1] > never, taking[i][j] == taking[i][j - 1] + more(j) {
        taken[i - 1, default: []].append(j - 1)
        j -= 1
      } else if takes[i - 1][j - 1], taking[i][j] == open[i][j - 1] + 4 {
        taken[i - 1, default: []].append(j - 1)
        j -= 1
        inTaking = false
      } else {
        j -= 1
      }
    }
    func stretch(_ index: Int) -> (start: Double, end: Double) {
      let holding = heardIn[index].map { utterances[$0] }
      return (
        holding?.startSeconds ?? heard[index].startSeconds, holding?.endSeconds ?? heard[index].endSeconds
      )
    }
    return taken.mapValues { indexes in
      let first = stretch(indexes.min() ?? 0)
      let last = stretch(indexes.max() ?? 0)
      return (first.start, max(first.end, last.end))
    }
  }

  /// Words as the vocabulary writes them: lower case, numbers in words, `checkbox` whole.
  static func words(_ text: String) -> String {
    let normal = ListeningVocabulary.normalise(text)
    return (normal.isEmpty ? text.lowercased() : normal).replacingOccurrences(
      of: "check box", with: "checkbox")
  }

  private static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

/// Why a speech log cannot be placed on a recording.
public enum SpeechLogAlignmentError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `--offset` for a log without times.
  case offsetWithoutTimes(SpeechLog.Format)
  /// No offset, and nothing heard to match.
  case notHeard(timed: Bool)
  /// Nothing in the log matches what was heard.
  case nothingMatches(timed: Bool)

  public var description: String {
    switch self {
    case .offsetWithoutTimes(let format):
      "a \(format.displayName) has no times, so --offset cannot place it: leave it out to match it against what "
        + "Exhibit heard"
    case .notHeard(let timed):
      "Exhibit has not heard the recording: run exhibit listen on it first"
        + (timed ? ", or give --offset SECONDS (where in the recording the log's first entry was said)" : "")
    case .nothingMatches(let timed):
      "nothing in the log matches what Exhibit heard in the recording"
        + (timed ? ": give --offset SECONDS (where in the recording the log's first entry was said)" : "")
    }
  }
}
