/// Why a product or audit command was refused, naming what was given.
public enum AuditError: Error, Sendable, Equatable, CustomStringConvertible {
  case emptyName
  case productExists(String)
  case unknownProduct(String)
  case unknownAudit(String)
  case ambiguousAudit(String, choices: [String])
  case releaseExists(product: String, release: String, audit: Int64)
  case closed(AuditIdentity)
  case fromOtherProduct(from: AuditIdentity, product: String)
  case unknownScope(String)
  case unknownPlatform(String)
  case emptyScope(String)
  case severalOpen([AuditIdentity])
  case notCarried(item: String, audit: AuditIdentity)
  /// A link to a component outside the audit's scope, not said to be meant.
  case outsideScope(item: String, audit: AuditIdentity, scope: [String])
  /// A confirmation named no column while the item is carried in several.
  case carriedInSeveralColumns(item: String, columns: [String])
  /// A confirmation named a column the item is not carried in.
  case notCarriedThere(item: String, column: String, columns: [String])
  case linkInOtherAudit(link: Int64, audit: AuditIdentity, asked: AuditIdentity)

  public var description: String {
    switch self {
    case .emptyName:
      "a product needs a name"
    case .productExists(let name):
      "\(name): a product of that name exists; `exhibit product list` shows them"
    case .unknownProduct(let name):
      "\(name): no such product; `exhibit product list` shows them, `exhibit product add` makes one"
    case .unknownAudit(let name):
      "\(name): no such audit; `exhibit audit list` shows them by id and PRODUCT@RELEASE"
    case .ambiguousAudit(let name, let choices):
      "\(name) names several audits: \(choices.joined(separator: ", ")); give its id"
    case .releaseExists(let product, let release, let audit):
      "\(product) already has an audit of release \(release) (audit \(audit)); a retest is a new release or build"
    case .closed(let audit):
      "audit \(audit.id) (\(audit.handle)) is closed: its verdicts are final; retest it with "
        + "`exhibit audit new \(audit.product) --release NEXT --from \(audit.id)`"
    case .fromOtherProduct(let from, let product):
      "audit \(from.id) (\(from.handle)) is an audit of \(from.product), not of \(product); a retest is of the same product"
    case .unknownScope(let name):
      "\(name): the scope names no imported component; `exhibit criteria list` shows them"
    case .unknownPlatform(let name):
      "\(name): not a platform; give ios, android or web"
    case .emptyScope(let reason):
      "the scope holds no component: \(reason)"
    case .severalOpen(let audits):
      "several audits are open (\(audits.map { "\($0.id) \($0.handle)" }.joined(separator: ", "))): "
        + "give --audit, or choose one with `exhibit audit use AUDIT`"
    case .notCarried(let item, let audit):
      "\(item): no carried verdict waits for confirmation in audit \(audit.id) (\(audit.handle))"
    case .outsideScope(let item, let audit, let scope):
      "\(item) is outside the scope of audit \(audit.id) (\(audit.handle)): \(scope.joined(separator: ", ")); "
        + "widen it with `exhibit audit scope \(audit.id) --scope \(([ItemKey(item)?.component.description ?? ""] + scope).joined(separator: ","))`, "
        + "or pass --outside-scope to link it anyway (the link records it); nothing was stored"
    case .carriedInSeveralColumns(let item, let columns):
      "\(item) is carried in \(columns.count) columns (\(columns.joined(separator: ", "))): name the one you "
        + "retested with --platform and --screen-reader"
    case .notCarriedThere(let item, let column, let columns):
      "\(item): nothing is carried with \(column); it is carried in \(columns.joined(separator: ", "))"
    case .linkInOtherAudit(let link, let audit, let asked):
      "link \(link) belongs to audit \(audit.id) (\(audit.handle)), not to audit \(asked.id) (\(asked.handle))"
    }
  }
}
