import Foundation
import Testing

/// One engine's answers to a contract's steps, in order: `name: answer`, or `name: refused:
/// error` with times written `TIME` (``timeless(_:)``), so two engines' lines
/// can be compared one for one.
final class ContractSteps {
  /// The lines so far.
  private(set) var lines: [String] = []

  /// Runs one step and keeps its answer or its refusal.
  func step(_ name: String, _ body: () async throws -> String) async {
    do {
      lines.append("\(name): \(try await body())")
    } catch {
      lines.append("\(name): refused: \(timeless("\(error)"))")
    }
  }

  /// Adds lines that are no step's (the audit trail's, say).
  func append(_ more: [String]) { lines += more }
}

/// Expects both engines to have answered alike, naming each line that differs.
func expectAlike(
  _ sqlite: [String], _ postgres: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(sqlite.count == postgres.count, sourceLocation: sourceLocation)
  for (one, other) in zip(sqlite, postgres) where one != other {
    Issue.record("SQLite: \(one)\nPostgreSQL: \(other)", sourceLocation: sourceLocation)
  }
}

/// The answer of the step called `name` in `lines`, or "" when there is none.
func stepAnswer(_ name: String, in lines: [String]) -> String {
  lines.first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) } ?? ""
}

/// `value` as sorted JSON with every time written `TIME`.
func normalized(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  return timeless(String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// `text` with every time written `TIME` and every hash of the audit chain's head `HEAD`: what
/// differs between two runs of the same requests.
func timeless(_ text: String) -> String {
  text.replacingOccurrences(
    of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"#, with: "TIME", options: .regularExpression
  ).replacingOccurrences(of: #"\\?"head\\?":\\?"[0-9a-f]{64}"#, with: "HEAD", options: .regularExpression)
}
