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
      let documents = try store.criteriaDocuments(component: component, platform: platform)
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
}
