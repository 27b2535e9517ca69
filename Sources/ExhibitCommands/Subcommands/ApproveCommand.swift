import ArgumentParser
import ExhibitKit

/// `exhibit approve ITEM [--platform P] [--screen-reader S] [--audit A] [--approver NAME]` and
/// `exhibit approve --acr AUDIT CRITERION [--component-type T] [--approver NAME]`
struct ApproveCommand: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "approve",
    abstract: "Approve a verdict or a decided level: a second person's sign-off, audited.",
    discussion: """
      A verdict is approved column by column: an item on a platform (and, for a screen-reader or \
      gesture item, with a screen reader), covering the verdicts judged there. With --acr, the \
      level decided for a criterion of the audit's report is approved. Whoever judged the verdict \
      or decided the level cannot approve it. A later link or retraction in the column, or a new \
      level, voids the approval; `audit close --require-approval` refuses while anything judged \
      or decided in the audit is unapproved.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The item (native/checkbox#screenreader.role), or with --acr the criterion (4.1.2, 302.1).")
  var subject: String
  @Option(help: "The platform of the column to approve (when the item has verdicts on several).")
  var platform: Platform?
  @Option(help: "The screen reader of the column to approve.")
  var screenReader: AssistiveTech?
  @Option(help: "The audit (default: the one in use).")
  var audit: String?
  @Option(help: "Approve the level decided for the criterion in this audit's report.")
  var acr: String?
  @Option(help: "With --acr: software or web, when the criterion has levels decided for both.")
  var componentType: ACRComponentType?
  @Option(help: "Who approves (default: you).")
  var approver: String?

  var writes: Bool { true }

  func validate() throws {
    if acr != nil, platform != nil || screenReader != nil {
      throw ValidationError("--acr approves a level: --platform and --screen-reader are for verdicts")
    }
    if acr == nil, componentType != nil { throw ValidationError("--component-type goes with --acr") }
  }

  func run(on catalogue: any CatalogueStorage) async throws {
    let approver = self.approver ?? CommandActor.current()
    let approval: Approval
    if let acr {
      approval = try await catalogue.approveLevel(
        audit: acr, criterion: subject, componentType: componentType, approver: approver)
    } else {
      guard let key = ItemKey(subject) else {
        throw ValidationError("\(subject) is not an item key (family/component#item)")
      }
      approval = try await catalogue.approveVerdict(
        audit: audit, item: key, platform: platform, screenReader: screenReader?.rawValue, approver: approver)
    }
    if output.json { return try Console.json(approval) }
    Console.out(
      "approved \(approval.subject) in audit \(approval.audit), by \(approval.approver)"
        + (approval.kind == .verdict ? " (links \(approval.covers))" : ""))
  }
}
