import ArgumentParser
import ExhibitKit

/// `exhibit wcag list | show | map`
struct WCAGCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "wcag",
    abstract: "The mapping from criteria items to WCAG 2.2 success criteria, with a rationale per row.",
    discussion: """
      A row says which items (a label such as screenreader.role, one family's label such as \
      web:settings.text-resize, or one item by its key), which success criterion, and how: necessary \
      (a failure of the item means the criterion is not satisfied), related (stricter, or only touching \
      it: a failure proves nothing on its own) or none (a best practice with no criterion). Exhibit \
      ships reviewed rows for MagentaA11y's labels; `exhibit wcag map` lays a workspace's own over them.
      """,
    subcommands: [WCAGList.self, WCAGShow.self, WCAGMap.self, WCAGCheck.self])
}

/// `exhibit wcag list [--criterion 4.1.2]`
struct WCAGList: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List the mapping's rows.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Option(help: "Only the rows for this success criterion, e.g. 4.1.2.")
  var criterion: String?

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    if let criterion, WCAG22.criterion(criterion) == nil {
      throw ConformanceError.unknownCriterion(criterion)
    }
    let rows = try await catalogue.wcagMapping().rows.filter { criterion == nil || $0.criterion == criterion }
    if output.json { return try Console.json(rows) }
    Console.out(
      Table.render(
        header: ["SELECTOR", "CRITERION", "RELATION", "WHY"],
        rows: rows.map { row in
          let handle = WCAG22.criterion(row.criterion).map { " \($0.handle)" } ?? ""
          let who = row.decidedBy.map { " (\($0), \(String(row.decidedAt?.prefix(10) ?? "")))" } ?? ""
          return [
            row.selector.description, row.criterion + handle, row.relation.rawValue, row.rationale + who,
          ]
        }))
  }
}

/// `exhibit wcag show COMPONENT|ITEM`
struct WCAGShow: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "Show the success criteria of a component's items, or of one item.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "A component (native/checkbox) or an item (native/checkbox#screenreader.role).")
  var subject: String

  /// One item with its rows; `unmapped` when there are none.
  struct ItemCriteria: Encodable {
    let item: String
    let label: String
    let criteria: [WCAGMappingRow]
    let unmapped: Bool
  }

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    let mapping = try await catalogue.wcagMapping()
    let componentName = subject.split(separator: "#", maxSplits: 1).first.map(String.init) ?? subject
    let component = try await catalogue.resolveComponent(componentName)
    let items = try await catalogue.componentCriteria(component, platform: nil).items.filter { item in
      !subject.contains("#")
        || item.key.name == subject.split(separator: "#", maxSplits: 1).last.map(String.init)
    }
    guard !items.isEmpty else { throw EvidenceError.unknownItem(subject) }
    let shown = items.map { item in
      let rows = mapping.rows(for: item.key)
      return ItemCriteria(
        item: item.key.description, label: item.label, criteria: rows, unmapped: rows.isEmpty)
    }
    if output.json { return try Console.json(shown) }
    var lines: [[String]] = []
    for item in shown {
      if item.unmapped { lines.append([item.item, "unmapped", "", "no row names this item"]) }
      for row in item.criteria {
        let handle =
          WCAG22.criterion(row.criterion).map { "\(row.criterion) \($0.handle)" } ?? row.criterion
        lines.append([item.item, handle, row.relation.rawValue, row.rationale])
      }
    }
    Console.out(Table.render(header: ["ITEM", "CRITERION", "RELATION", "WHY"], rows: lines))
  }
}

/// `exhibit wcag map ITEM CRITERION --relation R --reason TEXT`
struct WCAGMap: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "map", abstract: "Map one item to a success criterion in this workspace; audited.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The item, e.g. native/checkbox#keyboard.tab-arrow-keys-or-ctl-tab.")
  var item: String
  @Argument(help: "The success criterion's number, e.g. 2.4.7.")
  var criterion: String
  @Option(help: "necessary, related or none.")
  var relation: String
  @Option(help: "Why, in a line: it is recorded with the row and shown beside it.")
  var reason: String

  var writes: Bool { true }

  func run(on catalogue: any CatalogueStorage) async throws {
    guard let relation = WCAGRelation(rawValue: relation) else {
      throw ConformanceError.unknownRelation(relation)
    }
    try show(
      try await catalogue.mapWCAG(
        item: item, criterion: criterion, relation: relation, reason: reason, actor: CommandActor.current()))
  }

  private func show(_ row: WCAGMappingRow) throws {
    if output.json { return try Console.json(row) }
    Console.out("\(row.selector) -> \(row.criterion) (\(row.relation.rawValue)), by \(row.decidedBy ?? "")")
  }
}

/// `exhibit wcag check [COMPONENT]`
struct WCAGCheck: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Compare each document's own list of related criteria with what its items map to.",
    discussion: """
      MagentaA11y documents sometimes end with a hand-made list ("Further Reading", "Related WCAG"). \
      For each that has one: the criteria it lists that no item maps to, and the criteria its items \
      map to that it lacks. Neither side is taken as right; map an item with `exhibit wcag map`.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "Only this component.")
  var component: String?

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    let checks = try await catalogue.wcagCrossCheck(component: component)
    if output.json { return try Console.json(checks) }
    guard !checks.isEmpty else {
      Console.out("no document lists related success criteria of its own")
      return
    }
    Console.out(
      Table.render(
        header: ["COMPONENT", "LISTED", "LISTED, NOT MAPPED", "MAPPED, NOT LISTED"],
        rows: checks.map { check in
          [
            check.component.description, check.listed.joined(separator: ", "),
            check.listedNotMapped.joined(separator: ", "), check.mappedNotListed.joined(separator: ", "),
          ]
        }))
  }
}
