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
    let events = try await catalogue.history(subject, audit: audits.audit)
    if output.json { return try Console.json(events) }
    let rows = events.map { event in
      [String(event.id), event.at, event.actor, event.action, event.subject, event.after ?? ""]
    }
    Console.out(Table.render(header: ["#", "AT", "ACTOR", "ACTION", "SUBJECT", "DETAILS"], rows: rows))
  }
}
