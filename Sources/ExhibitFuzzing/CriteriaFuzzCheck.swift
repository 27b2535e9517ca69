import ExhibitKit

/// Criteria documents: any bytes give a document or a reason it was skipped, or a
/// ``CriteriaParseError`` naming the file and a line in it.
/// A document must hold together: unique item keys, item lines inside the file, a component.
enum CriteriaFuzzCheck {
  static let path = "fuzz/native/controls/input.md"

  static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    let outcome: CriteriaParseOutcome
    do {
      outcome = try CriteriaParser().parse(bytes: bytes, path: path)
    } catch let error as CriteriaParseError {
      guard error.path == path, error.line >= 0, !error.reason.isEmpty else {
        return .broken("error without file or reason: \(error)")
      }
      return .refused(error.description)
    } catch {
      return .broken("unexpected error type \(type(of: error)): \(error)")
    }
    switch outcome {
    case .skipped(let skippedPath, let reason):
      guard skippedPath == path, !reason.isEmpty else { return .broken("skipped without a reason") }
      return .refused("skipped: \(reason)")
    case .document(let document):
      let lineCount = Self.lineCount(bytes)
      let keys = document.items.map(\.localKey)
      guard Set(keys).count == keys.count else { return .broken("duplicate item keys \(keys)") }
      for item in document.items where item.line < 1 || item.line > lineCount {
        return .broken("item \(item.slug) on line \(item.line) of \(lineCount)")
      }
      guard !document.component.isEmpty else { return .broken("document without a component") }
      for scenario in document.scenarios {
        for step in scenario.steps where step.depth < 0 {
          return .broken("Gherkin step with depth \(step.depth)")
        }
      }
      return .accepted("\(document.component): \(document.items.count) items")
    }
  }

  /// Lines as the parsers count them: a line ends at LF, CR or CR LF.
  static func lineCount(_ bytes: [UInt8]) -> Int {
    var count = 1
    for (index, byte) in bytes.enumerated() {
      if byte == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) { count += 1 }
      if byte == 0x0D { count += 1 }
    }
    return count
  }
}
