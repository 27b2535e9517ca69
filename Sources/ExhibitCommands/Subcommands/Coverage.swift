import ArgumentParser
import ExhibitKit

/// `exhibit coverage COMPONENT [--platform P]`
struct CoverageCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "coverage",
    abstract: "Show a component's criteria by platform and screen reader: verdicts, gaps, conflicts.",
    discussion: "Gaps are data, not failures: the exit status is 0 whatever the coverage.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @Argument(help: "The component, e.g. native/checkbox.")
  var component: String
  @Option(help: "Only this platform.")
  var platform: Platform?

  func run() throws {
    try reportingFailures {
      let store = try global.openForReading()
      let coverage = try store.coverage(
        try store.resolveComponent(component), platform: platform, audit: audits.audit)
      if output.json {
        try Console.json(coverage)
        return
      }
      for line in CoverageText.lines(coverage) { Console.out(line) }
    }
  }

}
