import ArgumentParser
import ExhibitKit

/// `exhibit audit new | list | show | use | close | rename | compare`
struct AuditCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "audit",
    abstract: "Audits: one product at one release, tested in rounds; retests carry the verdicts forward.",
    subcommands: [
      AuditNew.self, AuditList.self, AuditShow.self, AuditUse.self, AuditClose.self, AuditRename.self,
      AuditScope.self, AuditCompare.self,
    ])
}

/// `exhibit audit new PRODUCT --release R [--from AUDIT] [--scope …] [--platform …]`
struct AuditNew: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "new", abstract: "Open an audit of a product at a release, or a retest of an earlier one.",
    discussion: """
      With --from, every live verdict of that audit (of the same product) comes along as carried: \
      it counts, a carried fail as still open, until an auditor links new evidence, confirms it \
      (`exhibit retest confirm ITEM`) or retracts it. The new audit becomes the one in use.
      """)
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The product's name.")
  var product: String
  @Option(help: "The release, version or build, e.g. 3.14.0.")
  var release: String
  @Option(help: "The earlier audit this retests: its id or PRODUCT@RELEASE.")
  var from: String?
  @Option(
    help:
      "Components in scope, e.g. native/checkbox,web/* (default: a retest's earlier audit's, else every one that applies)."
  )
  var scope: [String] = []
  @Option(
    help: "Only these of the product's platforms: ios, android, web (default: a retest's earlier audit's).")
  var platform: [String] = []

  func run(on catalogue: any CatalogueStorage) async throws {
    let platforms = try ProductPlatform.list(platform.joined(separator: ",")).get()
    var (audit, carried) = try await catalogue.newAudit(
      product: product, release: release, from: from, scope: scope, platforms: platforms,
      actor: CommandActor.current())
    try await catalogue.useAudit(String(audit.id))
    audit = try await catalogue.auditProgress(String(audit.id)).audit
    if output.json { return try Console.json(audit) }
    Console.out(
      "audit \(audit.id): \(audit.identity.handle), open"
        + (audit.from.map { ", retest of audit \($0.id) (\($0.handle)): \(carried) verdicts carried" } ?? "")
        + "; now in use")
  }
}

/// `exhibit audit list [--product P]`
struct AuditList: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List audits.")
  var writes: Bool { false }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Option(help: "Only this product's.")
  var product: String?

  func run(on catalogue: any CatalogueStorage) async throws {
    var audits: [Audit] = []
    for audit in try await catalogue.audits(product: product) {
      audits.append(try await catalogue.auditProgress(String(audit.id)).audit)
    }
    if output.json { return try Console.json(audits) }
    let inUse = try await catalogue.auditInUse()
    Console.out(
      Table.render(
        header: [
          "ID", "PRODUCT", "RELEASE", "STATE", "FROM", "TESTED", "PASS", "FAIL", "CARRIED", "GAPS",
          "OPENED",
        ],
        rows: audits.map { audit in
          let tallies = audit.tallies ?? AuditTallies()
          return [
            "\(audit.id)\(audit.id == inUse ? " *" : "")", audit.product, audit.release,
            audit.state.rawValue,
            audit.from.map { String($0.id) } ?? "-", "\(tallies.tested)/\(tallies.items)",
            "\(tallies.passed)",
            "\(tallies.failed)", "\(tallies.carried)", "\(tallies.gaps)", String(audit.openedAt.prefix(10)),
          ]
        }))
  }
}

/// `exhibit audit show [AUDIT]`
struct AuditShow: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "An audit's scope and progress, by component, platform and screen reader.")
  var writes: Bool { false }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The audit (default: the one in use).")
  var audit: String?

  func run(on catalogue: any CatalogueStorage) async throws {
    try await Self.show(audit, json: output.json, on: catalogue)
  }

  /// Prints `audit`'s progress (the one in use without) from `catalogue`, as text or JSON.
  static func show(_ audit: String?, json: Bool, on catalogue: any CatalogueStorage) async throws {
    let progress = try await catalogue.auditProgress(audit)
    if json { return try Console.json(progress.audit) }
    for line in AuditText.lines(progress) { Console.out(line) }
  }
}

extension AuditShow: PlainReadable {
  static let plainPath = ["audit", "show"]
  static let plainSyntax = PlainLine.Syntax(arguments: 0...1, options: ["--db"], flags: ["--json"])

  static func plainWork(_ line: PlainLine) -> PlainWork? {
    let audit = line.argument(0)
    let json = line.has("--json")
    return PlainWork(db: line.value("--db"), writes: false) { try await show(audit, json: json, on: $0) }
  }
}

/// `exhibit audit use AUDIT`
struct AuditUse: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "use", abstract: "Choose the audit later commands work in (kept in the workspace).")
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The audit: its id or PRODUCT@RELEASE.")
  var audit: String

  func run(on catalogue: any CatalogueStorage) async throws {
    let chosen = try await catalogue.useAudit(audit)
    Console.out("audit \(chosen.id) (\(chosen.identity.handle), \(chosen.state.rawValue)) is in use")
  }
}

/// `exhibit audit close AUDIT`
struct AuditClose: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "close", abstract: "Close an audit: its verdicts, bundles and reports are final.")
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The audit: its id or PRODUCT@RELEASE.")
  var audit: String
  @Flag(help: "Refuse while any verdict judged in it or any level decided is not approved (exhibit approve).")
  var requireApproval = false

  func run(on catalogue: any CatalogueStorage) async throws {
    let closed =
      requireApproval
      ? try await catalogue.closeAudit(audit, actor: CommandActor.current(), requireApproval: true)
      : try await catalogue.closeAudit(audit, actor: CommandActor.current())
    if output.json { return try Console.json(closed) }
    Console.out("audit \(closed.id) (\(closed.identity.handle)) closed by \(closed.closedBy ?? "")")
  }
}

/// `exhibit audit rename AUDIT --product P --release R`
struct AuditRename: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename", abstract: "File an audit under another product or release.")
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The audit: its id or PRODUCT@RELEASE.")
  var audit: String
  @Option(help: "The product (add it first with `exhibit product add`).")
  var product: String?
  @Option(help: "The release.")
  var release: String?

  func run(on catalogue: any CatalogueStorage) async throws {
    let renamed = try await catalogue.renameAudit(
      audit, product: product, release: release, actor: CommandActor.current())
    if output.json { return try Console.json(renamed) }
    Console.out("audit \(renamed.id) is \(renamed.identity.handle)")
  }
}

/// `exhibit audit scope AUDIT [--scope …] [--platform …]`
struct AuditScope: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "scope", abstract: "Change what an open audit covers: its components and platforms.")
  var writes: Bool { true }

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The audit: its id or PRODUCT@RELEASE.")
  var audit: String
  @Option(help: "Components in scope, e.g. native/checkbox,web/* (none: every one that applies).")
  var scope: [String] = []
  @Option(help: "Only these of the product's platforms: ios, android, web (none: the product's).")
  var platform: [String] = []

  func run(on catalogue: any CatalogueStorage) async throws {
    let platforms = try ProductPlatform.list(platform.joined(separator: ",")).get()
    let changed = try await catalogue.setAuditScope(
      audit, scope: scope, platforms: platforms, actor: CommandActor.current())
    if output.json { return try Console.json(changed) }
    Console.out(
      "audit \(changed.id) (\(changed.identity.handle)) covers "
        + (changed.scope.isEmpty ? "every component that applies" : changed.scope.joined(separator: ", "))
        + " on \(AuditText.platforms(changed.platforms))")
  }
}

/// `exhibit audit compare OLD NEW`
struct AuditCompare: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "What changed between two rounds: fixed, regressed, still failing, newly tested, carried.",
    discussion: "A comparison is not a failure: the exit status is 0 whatever changed.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The earlier audit.")
  var old: String
  @Argument(help: "The later audit.")
  var new: String
  @Option(help: "Only this component.")
  var component: String?
  @Option(help: "Only this platform.")
  var platform: Platform?

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    let comparison = try await catalogue.compareAudits(old, new, component: component, platform: platform)
    if output.json { return Console.rawJSON(comparison.prettyJSON) }
    for line in AuditText.lines(comparison) { Console.out(line) }
  }
}
