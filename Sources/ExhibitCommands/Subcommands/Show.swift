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
    try await Self.show(
      component, platform: platform, audit: audits.audit, json: output.json, on: catalogue)
  }

  /// Prints `component`'s reviewer page from `catalogue`, as text or JSON.
  static func show(
    _ component: String, platform: Platform?, audit: String?, json: Bool, on catalogue: any CatalogueStorage
  ) async throws {
    let page = try await catalogue.reviewerPage(component: component, platform: platform, audit: audit)
    if json { return try Console.json(page) }
    for line in ReviewerPageText.lines(page) { Console.out(line) }
  }
}

extension Show: PlainReadable {
  static let plainPath = ["show"]
  static let plainSyntax = PlainLine.Syntax(
    arguments: 1...1, options: ["--db", "--audit", "--platform"], flags: ["--json"])

  static func plainWork(_ line: PlainLine) -> PlainWork? { PlainWork.componentPage(line, show: show) }
}
