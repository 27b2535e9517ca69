import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit show COMPONENT [--platform P] [--json]`
struct Show: CatalogueStorageCommand {
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

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    let page = try await catalogue.reviewerPage(component: component, platform: platform, audit: audits.audit)
    if output.json { return try Console.json(page) }
    for line in ReviewerPageText.lines(page) { Console.out(line) }
  }
}
