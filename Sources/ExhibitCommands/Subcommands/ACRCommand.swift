import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit acr [report] AUDIT --format openacr|html | draft AUDIT | set AUDIT CRITERION LEVEL`
struct ACRCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "acr",
    abstract:
      "An audit's Accessibility Conformance Report (the VPAT): drafted from its verdicts, decided by auditors.",
    discussion: """
      For every WCAG 2.2 success criterion at A and AA and each component type (native components \
      are software, web components web), the draft follows the items necessary to the criterion \
      (`exhibit wcag`): one failed gives Does Not Support when it failed in most components tested, \
      else Partially Supports; tested with none failed gives Supports; nothing tested gives no level, \
      and the remarks say what is missing. `exhibit acr set` decides a level; a decision the evidence \
      contradicts carries a warning.
      """,
    subcommands: [ACRReport.self, ACRDraftCommand.self, ACRSet.self, ACRAuthor.self],
    defaultSubcommand: ACRReport.self)
}

/// `exhibit acr [report] [AUDIT] --format openacr|html [--author "NAME <EMAIL>"] [--date D]`
struct ACRReport: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "report", abstract: "Write the report as OpenACR YAML or as a readable VPAT page, on stdout."
  )

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case openacr, html
  }

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The audit: its id or PRODUCT@RELEASE (default: the audit in use).")
  var audit: String?
  @Option(help: "openacr (YAML for GSA's OpenACR) or html (the readable VPAT page).")
  var format: Format = .openacr
  @Option(
    help: "The report's author, \"NAME <EMAIL>\" (default: $EXHIBIT_ACR_AUTHOR); OpenACR requires an e-mail.")
  var author: String?
  @Option(help: "The report date, YYYY-MM-DD (default: today, UTC).")
  var date: String?
  @Option(
    help: "With --format html: the web workspace the evidence links open (default: http://127.0.0.1:8080).")
  var evidenceBase = "http://127.0.0.1:8080"

  func validate() throws {
    if let date, date.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) == nil {
      throw ValidationError("--date takes YYYY-MM-DD, not \(date)")
    }
  }

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    var author = try self.author.map(OpenACRDocument.Author.init(parsing:))
    if author == nil { author = try await catalogue.acrAuthor() }
    guard let author else { throw ConformanceError.noAuthor }
    let (audit, draft) = try await catalogue.acrDraft(audit: self.audit)
    let day = date ?? String(Timestamp.string(Date()).prefix(10))
    let heading = ACRHeading(audit)
    if heading.state == .open { Console.warning(ACRHeading.provisionalNotice(heading)) }
    switch format {
    case .openacr:
      Console.document(
        try OpenACRDocument(
          audit: heading, draft: draft, author: author, date: day, provisional: heading.state == .open
        )
        .yaml())
    case .html:
      Console.document(
        ACRPage(
          audit: ACRHeading(audit), draft: draft, author: author, date: day, links: .workspace(evidenceBase)
        ).html)
    }
  }
}

/// `exhibit acr draft [AUDIT]`
struct ACRDraftCommand: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "draft", abstract: "Show each criterion's drafted and decided level with its remarks.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The audit: its id or PRODUCT@RELEASE (default: the audit in use).")
  var audit: String?
  @Flag(help: "Every criterion, the ones with no level too.")
  var all = false

  /// The draft with its audit, as `--json` prints it.
  struct Document: Encodable {
    let audit: Audit
    let rows: [ACRDraft.Row]
    let unmapped: [String]
  }

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    let (audit, draft) = try await catalogue.acrDraft(audit: self.audit)
    let rows = draft.rows.filter {
      $0.criterion.level != .aaa && (all || $0.level != nil || $0.decided != nil)
    }
    if output.json {
      return try Console.json(
        Document(audit: audit, rows: rows, unmapped: draft.unmapped.map(\.description)))
    }
    Console.out(
      Table.render(
        header: ["CRITERION", "LEVEL", "TYPE", "DRAFT", "DECIDED", "REMARKS"],
        rows: rows.map { row in
          [
            "\(row.criterion.number) \(row.criterion.handle)", row.criterion.level?.rawValue ?? "",
            row.componentType.rawValue, row.draft?.label ?? "not evaluated", row.decided?.level.label ?? "",
            row.remarks + row.warnings.map { " WARNING: \($0)" }.joined(),
          ]
        }))
    let missing = draft.rows.filter { $0.criterion.level != .aaa && $0.level == nil }.count
    Console.out(
      "\(missing) criterion and component pairs have no level yet"
        + (all ? "" : " (--all lists them)")
        + (draft.unmapped.isEmpty
          ? "" : "; \(draft.unmapped.count) items are not mapped to WCAG (exhibit wcag show)"))
  }
}

/// `exhibit acr set AUDIT CRITERION LEVEL --component-type T [--remarks TEXT]`
struct ACRSet: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "set", abstract: "Decide a criterion's level in an audit's report; audited.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The audit: its id or PRODUCT@RELEASE.")
  var audit: String
  @Argument(help: "The success criterion's number, e.g. 1.4.4.")
  var criterion: String
  @Argument(
    help: "supports, partially-supports, does-not-support, not-applicable, or not-evaluated (AAA only).")
  var level: String
  @Option(help: "software (native components) or web.")
  var componentType: String
  @Option(help: "Remarks and explanations for the report (default: the draft's).")
  var remarks = ""

  var writes: Bool { true }

  func run(on catalogue: any CatalogueStorage) async throws {
    guard let level = ConformanceLevel(rawValue: level) else { throw ConformanceError.unknownLevel(level) }
    guard let type = ACRComponentType(rawValue: componentType) else {
      throw ConformanceError.unknownComponentType(componentType)
    }
    let decision = try await catalogue.setACRLevel(
      audit: audit, criterion: criterion, componentType: type, level: level, remarks: remarks,
      actor: CommandActor.current())
    let (_, draft) = try await catalogue.acrDraft(audit: audit)
    let row = draft.rows.first { $0.criterion.number == criterion && $0.componentType == type }
    if output.json { return try Console.json(row) }
    Console.out(
      "\(decision.criterion) \(type.rawValue): \(decision.level.label), decided by \(decision.actor)")
    for warning in row?.warnings ?? [] { Console.warning(warning) }
  }
}

/// `exhibit acr author ["NAME <EMAIL>"]`
struct ACRAuthor: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "author", abstract: "Show or set who signs this workspace's reports (and its bags' reports)."
  )

  @OptionGroup var global: GlobalOptions
  @Argument(help: "\"NAME <EMAIL>\"; OpenACR requires the e-mail address.")
  var author: String?

  var writes: Bool { author != nil }

  func run(on catalogue: any CatalogueStorage) async throws {
    guard let author else {
      Console.out(
        try await catalogue.acrAuthor()?.description ?? "no author set: exhibit acr author \"NAME <EMAIL>\"")
      return
    }
    let parsed = try OpenACRDocument.Author(parsing: author)
    try await catalogue.setACRAuthor(parsed, actor: CommandActor.current())
    Console.out("reports are signed by \(parsed.description)")
  }
}
