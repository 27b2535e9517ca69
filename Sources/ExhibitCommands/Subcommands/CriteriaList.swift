import ArgumentParser
import ExhibitKit

/// `exhibit criteria list`
struct CriteriaList: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List imported criteria documents (the newest revision of each).")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Option(help: "Only this component (native/checkbox, or a slug only one family has).")
  var component: String?
  @Option(help: "Only documents with items for this platform.")
  var platform: Platform?

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    let component: ComponentID? =
      if let name = self.component { try await catalogue.resolveComponent(name) } else { nil }
    try show(try await catalogue.criteriaDocuments(component: component, platform: platform))
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
