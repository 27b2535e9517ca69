import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit unlink LINK --reason TEXT`
struct Unlink: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unlink",
    abstract: "Retract an evidence link (it is kept, marked retracted; nothing is deleted).")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @Argument(help: "The link's number.")
  var link: Int64
  @Option(help: "Why the link is retracted.")
  var reason: String
  @Option(help: "Who retracts (default: $EXHIBIT_AUDITOR, else the login name).")
  var auditor: String?

  func run() throws {
    try reportingFailures {
      let store = try global.openForWriting()
      let retracted = try store.unlink(
        link, reason: reason,
        actor: CommandActor.current(explicit: auditor), audit: audits.audit)
      if output.json {
        try Console.json(retracted)
      } else {
        Console.out(
          "link \(retracted.id) retracted by \(retracted.retractedBy ?? ""): \(retracted.retractionReason ?? "")"
        )
      }
    }
  }
}
