import ArgumentParser
import ExhibitKit

/// `exhibit criteria list`
struct CriteriaList: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List imported criteria documents (the newest revision of each).")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Option(help: "Only this component (native/checkbox, or a slug only one family has).")
  var component: String?
  @Option(help: "Only documents with items for this platform.")
  var platform: Platform?

  func run() throws {
    try reportingFailures {
      let store = try global.openForReading()
      let component = try self.component.map(store.resolveComponent)
      try show(try store.criteriaDocuments(component: component, platform: platform))
    }
  }

  /// `criteria list` of a catalogue on a database server.
  func runOnServer(_ opener: any CatalogueOpener) async throws {
    try await reportingFailures {
      let documents = try await opener.withCatalogue(url: global.databasePath) { catalogue in
        let component: ComponentID? =
          if let name = self.component { try await catalogue.resolveComponent(name) } else { nil }
        return try await catalogue.criteriaDocuments(component: component, platform: platform)
      }
      try show(documents)
    }
  }

  private func show(_ documents: [CriteriaDocumentSummary]) throws {
    if output.json {
      try Console.json(documents)
      return
    }
    let rows = documents.map { document in
      [
        document.component.description, document.format, "r\(document.revision)", "\(document.itemCount)",
        document.primary ? "current" : "",
        document.staleLinks > 0 ? "\(document.staleLinks) stale links" : "",
        document.title,
        document.aliases.joined(separator: ", "),
      ]
    }
    Console.out(
      Table.render(
        header: ["COMPONENT", "FORMAT", "REV", "ITEMS", "", "STALE", "TITLE", "ALIASES"], rows: rows))
    if documents.isEmpty { Console.out("no criteria imported yet; run `exhibit criteria import PATH`") }
  }
}
