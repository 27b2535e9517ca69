import ArgumentParser
import ExhibitKit

/// `exhibit criteria show COMPONENT`
struct CriteriaShow: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Show a component's current criteria items.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The component: native/checkbox, or a slug only one family has.")
  var component: String
  @Option(help: "Only items for this platform.")
  var platform: Platform?
  @Option(help: "table, condensed (the MagentaA11y checklist) or gherkin (a .feature file).")
  var format: CriteriaShowFormat = .table

  struct Report: Encodable {
    let component: String
    let title: String
    let format: String
    let revision: Int
    let staleLinks: Int
    let items: [StoredCriteriaItem]
    /// Each item's WCAG success criteria (`exhibit wcag show`), by item key; an unmapped item has none.
    let wcag: [String: [Criterion]]
  }

  /// A success criterion an item bears on.
  struct Criterion: Encodable {
    let criterion: String
    let handle: String
    let relation: WCAGRelation
  }

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    try await Self.show(component, platform: platform, format: format, json: output.json, on: catalogue)
  }

  /// Prints `component`'s current criteria from `catalogue`, in `format` or as JSON.
  static func show(
    _ component: String, platform: Platform?, format: CriteriaShowFormat, json: Bool,
    on catalogue: any CatalogueStorage
  ) async throws {
    let criteria = try await catalogue.componentCriteria(
      try await catalogue.resolveComponent(component), platform: platform)
    try show(
      criteria, platform: platform, format: format, json: json, mapping: try await catalogue.wcagMapping())
  }

  // Long: three renderings (JSON, condensed, Gherkin) besides the table.
  private static func show(
    _ criteria: ComponentCriteria, platform: Platform?, format: CriteriaShowFormat, json: Bool,
    mapping: WCAGMapping
  ) throws {
    let wcag = Dictionary(
      criteria.items.map { item in
        (
          item.key.description,
          mapping.rows(for: item.key).map {
            Criterion(
              criterion: $0.criterion, handle: WCAG22.criterion($0.criterion)?.handle ?? "",
              relation: $0.relation)
          }
        )
      }
    ) { first, _ in first }
    if json {
      try Console.json(
        Report(
          component: criteria.component.description, title: criteria.document.title,
          format: criteria.document.format,
          revision: criteria.document.revision, staleLinks: criteria.document.staleLinks,
          items: criteria.items, wcag: wcag))
      return
    }
    switch format {
    case .gherkin:
      print(TerminalText.safe(GherkinFeature.render(criteria, platform: platform)), terminator: "")
    case .condensed:
      Console.out(
        "\(criteria.document.title) (\(criteria.component), revision \(criteria.document.revision))")
      var section: CriteriaSection?
      for item in criteria.items {
        if item.section != section {
          section = item.section
          Console.out("\n\(item.section.rawValue)")
        }
        let lines = item.expectation.split(separator: "\n")
        Console.out("  - \(item.label):" + (lines.first.map { " \($0)" } ?? ""))
        for line in lines.dropFirst() { Console.out("    - \(line)") }
      }
    case .table:
      Console.out(
        "\(criteria.document.title): \(criteria.component), revision \(criteria.document.revision) "
          + "(\(criteria.document.format), \(criteria.document.sourcePath))")
      if criteria.document.staleLinks > 0 {
        Console.out(
          "\(criteria.document.staleLinks) evidence links are pinned to an earlier revision (stale)")
      }
      let rows = criteria.items.map { item in
        [
          item.key.description, item.platforms.map(\.rawValue).joined(separator: ","),
          item.notApplicable ? "n/a" : item.expectation,
          wcagCell(wcag[item.key.description] ?? []),
        ]
      }
      Console.out(Table.render(header: ["KEY", "PLATFORMS", "EXPECTATION", "WCAG"], rows: rows))
    }
  }

  /// `4.1.2; related 2.5.3, 1.1.1`: the criteria an item is necessary to, then the ones it touches.
  static func wcagCell(_ criteria: [Criterion]) -> String {
    guard !criteria.isEmpty else { return "unmapped" }
    let necessary = criteria.filter { $0.relation == .necessary }.map(\.criterion)
    let related = criteria.filter { $0.relation == .related }.map(\.criterion)
    return (necessary + (related.isEmpty ? [] : ["related " + related.joined(separator: ", ")])).joined(
      separator: "; ")
  }
}

extension CriteriaShow: PlainReadable {
  static let plainPath = ["criteria", "show"]
  static let plainSyntax = PlainLine.Syntax(
    arguments: 1...1, options: ["--db", "--platform", "--format"], flags: ["--json"])

  static func plainWork(_ line: PlainLine) -> PlainWork? {
    guard let component = line.argument(0), let platform = line.choice("--platform", as: Platform.self),
      let format = line.choice("--format", as: CriteriaShowFormat.self)
    else { return nil }
    let json = line.has("--json")
    return PlainWork(db: line.value("--db"), writes: false) {
      try await show(component, platform: platform, format: format ?? .table, json: json, on: $0)
    }
  }
}
