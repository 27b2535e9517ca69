import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit unlink LINK --reason TEXT`
struct Unlink: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "unlink",
    abstract: "Retract an evidence link (it is kept, marked retracted; nothing is deleted).")
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @Argument(help: "The link's number.")
  var link: Int64
  @Option(help: "Why the link is retracted.")
  var reason: String
  @Option(help: "Who retracts (default: $EXHIBIT_AUDITOR, else the login name).")
  var auditor: String?

  func run(on catalogue: any CatalogueStorage) async throws {
    let retracted = try await catalogue.unlink(
      link, reason: reason, actor: CommandActor.current(explicit: auditor), audit: audits.audit)
    if output.json {
      try Console.json(retracted)
    } else {
      Console.out(
        "link \(retracted.id) retracted by \(retracted.retractedBy ?? ""): \(retracted.retractionReason ?? "")"
      )
    }
  }
}
