import Foundation

// `manifest.json` read back, so `exhibit verify` can render the bag's report and EARL again from
// what the manifest states and compare them with the files in the bag. What the manifest does not
// carry is left empty when it is decoded: host paths, transcripts (read from the bag's caption
// files, see ``BundleRendering``), audit events and the Gherkin feature.

extension BundleContents {
  /// The same contents with each recording's transcript replaced.
  /// The contents with each recording's heard phrases (by SHA-256) set, for its report.
  func with(heardCues: [String: [Cue]]) -> Self {
    var copy = self
    for index in copy.recordings.indices {
      copy.recordings[index].heardCues = heardCues[copy.recordings[index].sha256] ?? []
    }
    return copy
  }

  func with(transcripts: [String: [Cue]]) -> Self {
    var copy = self
    for index in copy.recordings.indices {
      copy.recordings[index].transcript = transcripts[copy.recordings[index].sha256] ?? []
    }
    return copy
  }

  /// How `manifest.json` is written: snake_case keys, sorted, indented.
  static var manifestEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// How `manifest.json` is read.
  static var manifestDecoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }
}
