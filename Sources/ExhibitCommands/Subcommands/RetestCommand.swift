import ArgumentParser
import ExhibitKit

/// `exhibit retest confirm ITEM`
struct RetestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "retest", abstract: "Work through a retest's carried verdicts.",
    subcommands: [RetestConfirm.self])
}

/// `exhibit retest confirm ITEM [--audit A] [--note TEXT]`
struct RetestConfirm: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "confirm",
    abstract: "Confirm an item's carried verdicts in this round, as judged by you.",
    discussion:
      "Each carried link becomes a link of this round by the confirming auditor; the carried one is retracted. "
      + "An item carried in several columns (platforms or screen readers) is confirmed one column at a time: "
      + "name it with --platform and --screen-reader."
  )
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @Argument(help: "The item's key, e.g. native/checkbox#screenreader.role.")
  var item: String
  @Option(help: "The platform retested, when the item is carried on several (ios, android, macos, windows).")
  var platform: Platform?
  @Option(
    help:
      "The screen reader retested, when the item is carried with several (voiceover, talkback, jaws, nvda).")
  var screenReader: AssistiveTech?
  @Option(help: "A note (default: the carried note).")
  var note: String?
  @Option(help: "Who confirms (default: $EXHIBIT_AUDITOR, else the login name).")
  var auditor: String?

  func run(on catalogue: any CatalogueStorage) async throws {
    let links = try await catalogue.confirmCarried(
      item, audit: audits.audit,
      column: CarriedColumn(platform: platform, assistiveTech: screenReader?.rawValue), note: note,
      actor: CommandActor.current(explicit: auditor))
    if output.json { return try Console.json(links) }
    for link in links {
      Console.out(
        "link \(link.id): \(link.item) \(link.verdict.rawValue) confirmed by \(link.auditor) "
          + "(carried link \(link.confirmedFrom ?? 0)) in audit \(link.audit)")
    }
  }
}
