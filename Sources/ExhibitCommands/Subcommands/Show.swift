import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit show COMPONENT [--platform P] [--json]`
struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "The reviewer's page: criteria, recordings with their captions, verdicts, notes and gaps.")

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
      let page = try store.reviewerPage(component: component, platform: platform, audit: audits.audit)
      if output.json {
        try Console.json(page)
        return
      }
      for line in ReviewerPageText.lines(page) { Console.out(line) }
    }
  }
}
