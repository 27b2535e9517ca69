import ExhibitKit

/// WebVTT: any bytes give cues and warnings, or a ``WebVTT/ParseError`` naming the file.
enum WebVTTFuzzCheck {
  static let path = "fuzz/input.vtt"

  static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    let captions: WebVTT
    do {
      captions = try WebVTT.parse(bytes, path: path)
    } catch let error as WebVTT.ParseError {
      guard error.path == path, error.line >= 1, !error.reason.isEmpty else {
        return .broken("error without file, line or reason: \(error)")
      }
      return .refused(error.description)
    } catch {
      return .broken("unexpected error type \(type(of: error)): \(error)")
    }
    let lineCount = bytes.count { $0 == 0x0A || $0 == 0x0D } + 1
    for cue in captions.cues where cue.startMilliseconds < 0 || cue.endMilliseconds < cue.startMilliseconds {
      return .broken("cue with impossible times \(cue.startMilliseconds)–\(cue.endMilliseconds)")
    }
    for warning in captions.warnings
    where warning.line < 1 || warning.line > lineCount || warning.message.isEmpty {
      return .broken("warning on line \(warning.line) of \(lineCount): \(warning.message)")
    }
    return .accepted("\(captions.cues.count) cues, \(captions.warnings.count) warnings")
  }
}
