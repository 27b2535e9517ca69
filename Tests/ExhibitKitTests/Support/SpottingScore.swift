@testable import ExhibitKit

/// How well what was heard matches what was said: each phrase of a vocabulary said in a cue (the
/// longest where phrases overlap; "check box" and "checkbox" alike) is one announcement to find,
/// found by a phrase heard that starts within `window` seconds of its cue.
struct SpottingScore {
  let said: Int
  let heard: Int
  let found: Int
  let heardRight: Int

  var recall: Double { Double(found) / Double(max(1, said)) }
  var precision: Double { Double(heardRight) / Double(max(1, heard)) }

  /// The phrases of `vocabulary` said in `text`, as keys without spaces.
  static func said(in text: String, vocabulary: [String]) -> [String] {
    let words = ListeningVocabulary.normalise(text).split(separator: " ").map(String.init)
    let keys = Set(vocabulary.map { $0.replacingOccurrences(of: " ", with: "") })
    var taken = [Bool](repeating: false, count: words.count)
    var found: [String] = []
    for width in stride(from: min(4, words.count), through: 1, by: -1) {
      for start in 0...(words.count - width) where !taken[start..<(start + width)].contains(true) {
        let key = words[start..<(start + width)].joined()
        guard keys.contains(key) else { continue }
        for index in start..<(start + width) { taken[index] = true }
        found.append(key)
      }
    }
    return found
  }

  init(heard: [HeardTrack.HeardPhrase], cues: [WebVTT.Cue], vocabulary: [String], window: Double = 2) {
    let truth = cues.flatMap { cue in
      Self.said(in: cue.text, vocabulary: vocabulary).map {
        (start: Double(cue.startMilliseconds) / 1000, end: Double(cue.endMilliseconds) / 1000, key: $0)
      }
    }
    let spots = heard.map { (at: $0.startSeconds, key: $0.text.replacingOccurrences(of: " ", with: "")) }
    var used = [Bool](repeating: false, count: spots.count)
    var found = 0
    for said in truth {
      if let index = spots.indices.first(where: { index in
        !used[index] && spots[index].key == said.key && spots[index].at >= said.start - window
          && spots[index].at <= said.end + window
      }) {
        used[index] = true
        found += 1
      }
    }
    self.said = truth.count
    self.heard = spots.count
    self.found = found
    heardRight =
      spots.filter { spot in
        truth.contains { $0.key == spot.key && spot.at >= $0.start - window && spot.at <= $0.end + window }
      }.count
  }
}
