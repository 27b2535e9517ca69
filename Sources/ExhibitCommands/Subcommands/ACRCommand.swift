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
      contradicts carries a warning. `--edition 508|eu|int` adds the Revised Section 508 chapters, \
      EN 301 549's clauses, or both (the VPAT's International edition), drafted through Exhibit's \
      reviewed clause mapping: screen-reader items bear on 302.1 and 4.2.1, and on native components \
      on 502.3.x and 11.5.2.x; a criterion no evidence speaks to is not evaluated until `acr set` \
      decides it.
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
  @Option(help: "wcag (WCAG 2.2), 508 (with Section 508), eu (with EN 301 549) or int (all three).")
  var edition: ACREdition = .wcag
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
          audit: heading, draft: draft, author: author, date: day, provisional: heading.state == .open,
          edition: edition, evaluationMethods: ACRMethods(draft: draft, edition: edition).description
        )
        .yaml())
    case .html:
      Console.document(
        ACRPage(
          audit: ACRHeading(audit), draft: draft, author: author, date: day, links: .workspace(evidenceBase),
          edition: edition, evaluationMethods: ACRMethods(draft: draft, edition: edition).description
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
  @Option(help: "wcag, 508, eu or int: the Section 508 and EN 301 549 criteria the edition adds too.")
  var edition: ACREdition = .wcag

  /// The draft with its audit, as `--json` prints it; `clauses` and `methods` only for an
  /// edition beyond WCAG's.
  struct Document: Encodable {
    let audit: Audit
    let edition: ACREdition
    let rows: [ACRDraft.Row]
    let clauses: [ACRDraft.ClauseRow]?
    let unmapped: [String]
    let evaluationMethods: String
  }

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    let (audit, draft) = try await catalogue.acrDraft(audit: self.audit)
    let rows = draft.rows.filter {
      $0.criterion.level != .aaa && (all || $0.level != nil || $0.decided != nil)
    }
    let chapters = Set(edition.chapters.map(\.id))
    let clauses = draft.clauses.filter {
      chapters.contains($0.clause.chapter) && (all || $0.level != nil || $0.decided != nil)
    }
    if output.json {
      return try Console.json(
        Document(
          audit: audit, edition: edition, rows: rows, clauses: edition == .wcag ? nil : clauses,
          unmapped: draft.unmapped.map(\.description),
          evaluationMethods: ACRMethods(draft: draft, edition: edition).description))
    }
    func line(_ number: String, _ handle: String, _ level: String, _ row: some ACRLevelRow) -> [String] {
      [
        "\(number) \(handle)", level, row.componentType.rawValue, row.draft?.label ?? "not evaluated",
        row.decided?.level.label ?? "", row.remarks + row.warnings.map { " WARNING: \($0)" }.joined(),
      ]
    }
    Console.out(
      Table.render(
        header: ["CRITERION", "LEVEL", "TYPE", "DRAFT", "DECIDED", "REMARKS"],
        rows: rows.map {
          line($0.criterion.number, $0.criterion.handle, $0.criterion.level?.rawValue ?? "", $0)
        }
          + clauses.map { line($0.clause.number, $0.clause.handle, $0.clause.standard.label, $0) }))
    let missing =
      draft.rows.filter { $0.criterion.level != .aaa && $0.level == nil }.count
      + draft.clauses.filter { chapters.contains($0.clause.chapter) && $0.level == nil }.count
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
  @Argument(help: "The criterion's number: WCAG's (1.4.4), Section 508's (302.1) or EN 301 549's (4.2.1).")
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
