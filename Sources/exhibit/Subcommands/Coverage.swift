import ArgumentParser
import ExhibitKit

/// `exhibit coverage COMPONENT [--platform P]`
struct CoverageCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "coverage",
    abstract: "Show a component's criteria by platform and screen reader: verdicts, gaps, conflicts.",
    discussion: "Gaps are data, not failures: the exit status is 0 whatever the coverage.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The component, e.g. native/checkbox.")
  var component: String
  @Option(help: "Only this platform.")
  var platform: Platform?

  func run() async throws {
    try await reportingFailures {
      let store = try global.openForReading()
      let coverage = try store.coverage(try store.resolveComponent(component), platform: platform)
      if output.json {
        try Console.json(coverage)
        return
      }
      for line in Self.render(coverage) { Console.out(line) }
    }
  }

  static func render(_ coverage: Coverage) -> [String] {
    let header = ["ITEM"] + coverage.columns.map { "\($0.platform.rawValue)/\($0.assistiveTech ?? "?")" } + ["GAPS"]
    let rows = coverage.items.map { item in
      [item.key]
        + item.cells.map { cell in
          guard let verdict = cell.verdict else {
            return item.platforms.contains(cell.platform) ? "-" : "n/a"
          }
          return "\(verdict.rawValue) (\(cell.links))"
        } + [item.notApplicable ? "n/a" : item.gapPlatforms.map(\.rawValue).joined(separator: ",")]
    }
    var lines = [
      "\(coverage.component) revision \(coverage.revision)", Table.render(header: header, rows: rows),
    ]
    lines.append("\(coverage.gaps.count) of \(coverage.items.count) items have gaps")
    if !coverage.conflicts.isEmpty {
      lines.append("conflicting verdicts: \(coverage.conflicts.joined(separator: ", "))")
    }
    for stale in coverage.stale {
      lines.append(
        "link \(stale.link) (\(stale.item), \(stale.verdict)) is pinned to superseded revision \(stale.revision)"
      )
    }
    for link in coverage.unavailable {
      lines.append(
        "link \(link.link) (\(link.item), \(link.verdict)) does not count, \(link.state): \(link.recording); "
          + link.advice)
    }
    return lines
  }
}
