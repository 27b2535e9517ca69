import Testing

/// One engine's answers to a contract's steps, in order: `name: answer`, or `name: refused:
/// error` with times written `TIME` (``LinkContractTests/timeless(_:)``), so two engines' lines
/// can be compared one for one.
final class ContractSteps {
  /// The lines so far.
  private(set) var lines: [String] = []

  /// Runs one step and keeps its answer or its refusal.
  func step(_ name: String, _ body: () async throws -> String) async {
    do {
      lines.append("\(name): \(try await body())")
    } catch {
      lines.append("\(name): refused: \(LinkContractTests.timeless("\(error)"))")
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
func answer(_ name: String, in lines: [String]) -> String {
  lines.first { $0.hasPrefix(name + ": ") }.map { String($0.dropFirst(name.count + 2)) } ?? ""
}
