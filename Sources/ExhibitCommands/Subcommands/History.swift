import ArgumentParser
import ExhibitKit

/// `exhibit history [COMPONENT | RECORDING | ITEM]`
struct History: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Show the audit trail: every import, catalogue, link and retraction, oldest first.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @Argument(
    help:
      "A component, a recording (path or SHA-256 prefix), an item key or a finding (F-12); all events without."
  )
  var subject: String?

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    try await Self.show(subject, audit: audits.audit, json: output.json, on: catalogue)
  }

  /// Prints the events about `subject` (all without) from `catalogue`, as a table or JSON.
  static func show(_ subject: String?, audit: String?, json: Bool, on catalogue: any CatalogueStorage)
    async throws
  {
    let events = try await catalogue.history(subject, audit: audit)
    if json { return try Console.json(events) }
    let rows = events.map { event in
      [String(event.id), event.at, event.actor, event.action, event.subject, event.after ?? ""]
    }
    Console.out(Table.render(header: ["#", "AT", "ACTOR", "ACTION", "SUBJECT", "DETAILS"], rows: rows))
  }
}

extension History: PlainReadable {
  static let plainPath = ["history"]
  static let plainSyntax = PlainLine.Syntax(
    arguments: 0...1, options: ["--db", "--audit"], flags: ["--json"])

  static func plainWork(_ line: PlainLine) -> PlainWork? {
    let subject = line.argument(0)
    let audit = line.value("--audit")
    let json = line.has("--json")
    return PlainWork(db: line.value("--db"), writes: false) {
      try await show(subject, audit: audit, json: json, on: $0)
    }
  }
}
