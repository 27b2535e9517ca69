import ArgumentParser
import ExhibitKit

/// `exhibit coverage COMPONENT [--platform P]`
struct CoverageCommand: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "coverage",
    abstract: "Show a component's criteria by platform and screen reader: verdicts, gaps, conflicts.",
    discussion: "Gaps are data, not failures: the exit status is 0 whatever the coverage.")
  var writes: Bool { false }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @Argument(help: "The component, e.g. native/checkbox.")
  var component: String
  @Option(help: "Only this platform.")
  var platform: Platform?

  func run(on catalogue: any CatalogueStorage) async throws {
    try await Self.show(
      component, platform: platform, audit: audits.audit, json: output.json, on: catalogue)
  }

  /// Prints `component`'s coverage from `catalogue`, as a table or JSON.
  static func show(
    _ component: String, platform: Platform?, audit: String?, json: Bool, on catalogue: any CatalogueStorage
  ) async throws {
    let coverage = try await catalogue.coverage(
      try await catalogue.resolveComponent(component), platform: platform, audit: audit)
    if json { return try Console.json(coverage) }
    for line in CoverageText.lines(coverage) { Console.out(line) }
  }
}

extension CoverageCommand: PlainReadable {
  static let plainPath = ["coverage"]
  static let plainSyntax = Show.plainSyntax

  static func plainWork(_ line: PlainLine) -> PlainWork? { PlainWork.componentPage(line, show: show) }
}
