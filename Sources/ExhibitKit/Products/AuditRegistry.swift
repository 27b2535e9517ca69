import ExhibitSQLite
import ExhibitStorage
import Foundation

/// Products and their audits: made, named, chosen, closed, each change with its audit event.
struct AuditRegistry {
  /// The key of the audit later commands work in, in `workspace_setting`.
  static let inUseKey = "audit_in_use"
  /// Who made the audit a workspace's earlier links moved into.
  static let defaultProduct = "unnamed"
  static let defaultRelease = "unknown"

  /// Component names and aliases.
  private var components: ComponentDirectory { ComponentDirectory(connection: connection) }
  /// The catalogue's database.
  let connection: any CatalogueSQL

  // MARK: Products

  /// Adds a product; audited as `product.create`.
  /// - Throws: ``AuditError/emptyName`` or ``AuditError/productExists(_:)``, or the engine's error.
  func addProduct(name: String, platforms: [ProductPlatform], url: String?, actor: String) throws -> Product {
    let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else { throw AuditError.emptyName }
    return try connection.transaction {
      if try productID(name) != nil { throw AuditError.productExists(name) }
      let now = Timestamp.string(Date())
      let url = url.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
      let id = try connection.insertReturningID(
        "INSERT INTO product (name, platforms, url, created_at, created_by) VALUES (?, ?, ?, ?, ?)",
        [name, ProductPlatform.text(platforms), url, now, actor])
      try connection.appendAudit(
        actor: actor, action: "product.create", subject: "product:\(id)",
        after: AuditJSON.object(["name": name, "platforms": ProductPlatform.text(platforms), "url": url]))
      return Product(id: id, name: name, platforms: platforms, url: url, createdAt: now)
    }
  }

  /// Every product, by name, with its audits.
  /// - Throws: The engine's error.
  func products() throws -> [Product] {
    let audits = try AuditRow.fetch(connection)
    // By name as SQLite's NOCASE orders it, on either backend.
    let rows = try connection.query("SELECT id, name, platforms, url, created_at FROM product").sorted {
      Array(Self.folded(try $0.decode("name")).utf8).lexicographicallyPrecedes(
        Array(Self.folded(try $1.decode("name")).utf8))
    }
    return try rows.map { row in
      let name: String = try row.decode("name")
      return Product(
        id: try row.decode("id"), name: name,
        platforms: (try? ProductPlatform.list(try row.decode("platforms")).get()) ?? [],
        url: try row.decode("url"), createdAt: try row.decode("created_at"),
        audits: audits.filter { $0.product == name }.map(\.identity))
    }
  }

  /// The id of the product named `name` (in any case, as SQLite's NOCASE folds it: ASCII letters).
  private func productID(_ name: String) throws -> Int64? {
    // Compared here: the engines' own case folding differs beyond ASCII. A workspace has a few
    // products.
    let wanted = Self.folded(name)
    return try connection.query("SELECT id, name FROM product ORDER BY id").first {
      Self.folded(try $0.decode("name")) == wanted
    }?.decode("id")
  }

  /// `name` with its ASCII capitals made small, as SQLite's NOCASE compares it.
  private static func folded(_ name: String) -> String {
    String(
      String.UnicodeScalarView(
        name.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar(UInt8($0.value) + 32) : $0 }))
  }

  // MARK: Audits

  /// What `audit new` asks for.
  struct NewAudit {
    var product: String
    var release: String
    var from: String?
    var scope: [String]
    var platforms: [ProductPlatform]
  }

  /// Opens an audit of a product at a release; audited as `audit.create`. A retest's verdicts
  /// are carried by the caller, in the same transaction.
  /// - Throws: ``AuditError`` naming what was given, or the engine's error; nothing is written then.
  func newAudit(_ request: NewAudit, actor: String) throws -> Audit {
    let release = request.release.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !release.isEmpty else { throw AuditError.emptyName }
    guard let productID = try productID(request.product) else {
      throw AuditError.unknownProduct(request.product)
    }
    let product: String =
      try connection.first("SELECT name FROM product WHERE id = ?", [productID])?.decode("name") ?? ""
    if let existing: Int64 = try connection.first(
      "SELECT id FROM audit WHERE product_id = ? AND release = ?", [productID, release])?.decode("id")
    {
      throw AuditError.releaseExists(product: product, release: release, audit: existing)
    }
    let from = try request.from.map { try resolve($0) }
    if let from, from.product.lowercased() != product.lowercased() {
      throw AuditError.fromOtherProduct(from: from.identity, product: product)
    }
    // A retest covers what the round it retests covered, unless told otherwise.
    let scope = try request.scope.isEmpty ? from?.scope ?? [] : canonicalScope(request.scope)
    let platformText = ProductPlatform.text(
      request.platforms.isEmpty ? from?.platforms ?? [] : request.platforms)
    let now = Timestamp.string(Date())
    let id = try connection.insertReturningID(
      """
      INSERT INTO audit (product_id, release, name, from_audit_id, scope, platforms, opened_at, opened_by)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        productID, release, "\(product) \(release)", from?.id, scope.joined(separator: ","), platformText,
        now, actor,
      ])
    let audit = try self.audit(id)
    try requireComponents(in: audit)
    try connection.appendAudit(
      actor: actor, action: "audit.create", subject: "audit:\(id)",
      after: AuditJSON.object([
        "product": product, "release": release, "from": from.map { String($0.id) },
        "scope": scope.joined(separator: ","), "platforms": platformText,
      ]))
    return audit
  }

  /// Scope entries as stored: `*`, `native/*`, `web/*` or a resolved `family/slug`.
  private func canonicalScope(_ entries: [String]) throws -> [String] {
    var scope: [String] = []
    for entry in entries.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }
    )
    where !entry.isEmpty {
      let lowered = entry.lowercased()
      let canonical: String
      if lowered == "*" || lowered == "native/*" || lowered == "web/*" {
        canonical = lowered
      } else {
        do {
          canonical = try components.resolve(entry).description
        } catch {
          throw AuditError.unknownScope(entry)
        }
        guard try components.hasCriteria(canonical) else { throw AuditError.unknownScope(entry) }
      }
      if !scope.contains(canonical) { scope.append(canonical) }
    }
    return scope
  }

  /// One audit by id.
  /// - Throws: ``AuditError/unknownAudit(_:)`` or the engine's error.
  func audit(_ id: Int64) throws -> Audit {
    guard let audit = try AuditRow.fetch(connection, where: "a.id = ?", [id]).first else {
      throw AuditError.unknownAudit(String(id))
    }
    return audit
  }

  /// Audits, oldest first: all, or one product's.
  /// - Throws: ``AuditError/unknownProduct(_:)`` or the engine's error.
  func audits(product: String? = nil) throws -> [Audit] {
    guard let product else { return try AuditRow.fetch(connection) }
    guard let id = try productID(product) else { throw AuditError.unknownProduct(product) }
    return try AuditRow.fetch(connection, where: "a.product_id = ?", [id])
  }

  /// The audit a user names: its id, `PRODUCT@RELEASE`, its name, or its release alone when only
  /// one audit has it.
  /// - Throws: ``AuditError/unknownAudit(_:)`` or ``AuditError/ambiguousAudit(_:choices:)``.
  func resolve(_ name: String) throws -> Audit {
    let name = name.trimmingCharacters(in: .whitespaces)
    if let id = Int64(name) { return try audit(id) }
    let all = try AuditRow.fetch(connection)
    var matches = all.filter { $0.identity.handle.lowercased() == name.lowercased() }
    if matches.isEmpty { matches = all.filter { $0.name.lowercased() == name.lowercased() } }
    // A release alone names the one audit of that release.
    if matches.isEmpty { matches = all.filter { $0.release.lowercased() == name.lowercased() } }
    switch matches.count {
    case 1: return matches[0]
    case 0: throw AuditError.unknownAudit(name)
    default: throw AuditError.ambiguousAudit(name, choices: matches.map { "\($0.id)" })
    }
  }

  /// The audit a command works in: the one named, else the one in use, else the only open one,
  /// else (for reading) the newest; nil when the workspace has none.
  /// - Throws: ``AuditError`` when the name is unknown or several audits are open and none is in use.
  func current(_ name: String?) throws -> Audit? {
    if let name { return try resolve(name) }
    if let inUse: String = try connection.first(
      "SELECT value FROM workspace_setting WHERE key = ?", [Self.inUseKey])?.decode("value"),
      let id = Int64(inUse), let audit = try? audit(id)
    {
      return audit
    }
    let all = try AuditRow.fetch(connection)
    let open = all.filter { $0.state == .open }
    if open.count == 1 { return open[0] }
    if open.count > 1 { throw AuditError.severalOpen(open.map(\.identity)) }
    return all.last
  }

  /// The audit a write goes to: ``current(_:)``, made when the workspace has none yet (product
  /// `unnamed`, release `unknown`), and refused when it is closed.
  /// - Throws: ``AuditError/closed(_:)`` and what ``current(_:)`` throws.
  func forWriting(_ name: String?, actor: String) throws -> Audit {
    let audit: Audit
    if let found = try current(name) {
      audit = found
    } else {
      if try productID(Self.defaultProduct) == nil {
        _ = try addProduct(name: Self.defaultProduct, platforms: [], url: nil, actor: actor)
      }
      audit = try newAudit(
        NewAudit(product: Self.defaultProduct, release: Self.defaultRelease, scope: [], platforms: []),
        actor: actor)
    }
    guard audit.state == .open else { throw AuditError.closed(audit.identity) }
    return audit
  }

  /// Makes `audit` the one later commands work in.
  func use(_ audit: Audit) throws {
    try connection.execute(
      "INSERT INTO workspace_setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [Self.inUseKey, String(audit.id)])
  }

  /// The id of the audit in use, when one was chosen.
  func inUse() throws -> Int64? {
    try connection.first("SELECT value FROM workspace_setting WHERE key = ?", [Self.inUseKey])
      .flatMap { Int64(try $0.decode("value") as String) }
  }

  /// Closes an audit: its verdicts, bundles and reports are final. The `audit.close` event
  /// carries the chain's head hash before it, so the close seals everything recorded until then.
  /// - Throws: ``AuditError/closed(_:)`` when it is closed already, or the engine's error.
  func close(_ audit: Audit, actor: String) throws -> Audit {
    try connection.transaction {
      let audit = try self.audit(audit.id)
      guard audit.state == .open else { throw AuditError.closed(audit.identity) }
      let head = try connection.auditHeadHash()
      let links: Int64 =
        try connection.first(
          "SELECT count(*) AS n FROM evidence_link WHERE audit_id = ? AND retracted_at IS NULL", [audit.id])?
        .decode("n") ?? 0
      let now = Timestamp.string(Date())
      // What the audit is read against from now on, recorded first so its event can carry it.
      let record = try ClosedAuditRecord(connection: connection).record(audit.id)
      try connection.appendAudit(
        actor: actor, action: "audit.close", subject: "audit:\(audit.id)",
        before: AuditJSON.object(["state": "open"]),
        after: AuditJSON.object([
          "state": "closed", "head": head, "live_links": String(links), "record": record,
        ]))
      try connection.execute(
        "UPDATE audit SET closed_at = ?, closed_by = ? WHERE id = ?", [now, actor, audit.id])
      return try self.audit(audit.id)
    }
  }

  /// Changes what an open audit covers: its components and its platforms; audited as `audit.scope`.
  /// - Throws: ``AuditError`` naming what was given (a closed audit, an unknown component, a
  ///   scope with nothing in it), or the engine's error; nothing is written then.
  func setScope(_ audit: Audit, scope entries: [String], platforms: [ProductPlatform], actor: String) throws
    -> Audit
  {
    try connection.transaction {
      let audit = try self.audit(audit.id)
      guard audit.state == .open else { throw AuditError.closed(audit.identity) }
      let scope = try canonicalScope(entries)
      try connection.execute(
        "UPDATE audit SET scope = ?, platforms = ? WHERE id = ?",
        [scope.joined(separator: ","), ProductPlatform.text(platforms), audit.id])
      let changed = try self.audit(audit.id)
      try requireComponents(in: changed)
      try connection.appendAudit(
        actor: actor, action: "audit.scope", subject: "audit:\(audit.id)",
        before: AuditJSON.object([
          "scope": audit.scope.joined(separator: ","), "platforms": ProductPlatform.text(audit.platforms),
        ]),
        after: AuditJSON.object([
          "scope": scope.joined(separator: ","), "platforms": ProductPlatform.text(platforms),
        ]))
      return changed
    }
  }

  /// Files an audit under another product or release (a migrated workspace's `unnamed`
  /// `unknown` audit, a release typed wrong); audited as `audit.rename`.
  /// - Throws: ``AuditError`` naming what was given, or the engine's error.
  func rename(_ audit: Audit, product: String?, release: String?, actor: String) throws -> Audit {
    try connection.transaction {
      // A closed audit's bags and reports name the product and release it was closed as.
      guard try self.audit(audit.id).state == .open else { throw AuditError.closed(audit.identity) }
      let productName = product ?? audit.product
      guard let productID = try productID(productName) else { throw AuditError.unknownProduct(productName) }
      let release = (release ?? audit.release).trimmingCharacters(in: .whitespacesAndNewlines)
      guard !release.isEmpty else { throw AuditError.emptyName }
      if let other: Int64 = try connection.first(
        "SELECT id FROM audit WHERE product_id = ? AND release = ? AND id <> ?",
        [productID, release, audit.id])?
        .decode("id")
      {
        throw AuditError.releaseExists(product: productName, release: release, audit: other)
      }
      let stored: String =
        try connection.first("SELECT name FROM product WHERE id = ?", [productID])?.decode("name")
        ?? productName
      try connection.appendAudit(
        actor: actor, action: "audit.rename", subject: "audit:\(audit.id)",
        before: AuditJSON.object(["product": audit.product, "release": audit.release, "name": audit.name]),
        after: AuditJSON.object(["product": stored, "release": release, "name": "\(stored) \(release)"]))
      try connection.execute(
        "UPDATE audit SET product_id = ?, release = ?, name = ? WHERE id = ?",
        [productID, release, "\(stored) \(release)", audit.id])
      return try self.audit(audit.id)
    }
  }

  /// Refuses a scope that takes in no imported component.
  private func requireComponents(in audit: Audit) throws {
    guard try componentsInScope(audit).isEmpty else { return }
    throw AuditError.emptyScope(
      "no imported component applies to \(audit.platforms.map(\.rawValue).joined(separator: ","))"
        + (audit.scope.isEmpty ? "" : " within \(audit.scope.joined(separator: ","))"))
  }

  /// The components an audit covers, with the platforms each is tested on there, by identifier.
  /// - Throws: The engine's error.
  func componentsInScope(_ audit: Audit) throws -> [(component: ComponentID, platforms: [Platform])] {
    // Each component's distinct platform lists, gathered here: SQLite's group_concat and
    // PostgreSQL's string_agg differ.
    var stated: [String: Set<Platform>] = [:]
    var order: [String] = []
    // A closed audit covers the components it was closed with, as their documents then stated them.
    for row in try connection.query(
      """
      SELECT DISTINCT c.family || '/' || c.component AS id, i.platforms
      FROM (\(ClosedAuditRecord.documents)) c JOIN criteria_item i ON i.document_id = c.document_id
      """, [audit.id])
    {
      let id: String = try row.decode("id")
      if stated[id] == nil { order.append(id) }
      stated[id, default: []].formUnion(
        (try row.decode("platforms") as String? ?? "").split(separator: ",").compactMap {
          Platform(rawValue: String($0))
        })
    }
    // In `family/slug` order, byte by byte, as SQLite's BINARY collation sorts them.
    return order.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.compactMap { id in
      guard let component = ComponentID(id) else { return nil }
      guard Self.scope(audit.scope, contains: component) else { return nil }
      let stated = stated[id] ?? []
      let platforms = ProductPlatform.platforms(of: component.family, targets: audit.platforms).filter(
        stated.contains)
      return platforms.isEmpty ? nil : (component, platforms)
    }
  }

  /// Whether scope entries take in a component; an empty scope takes in every one.
  static func scope(_ entries: [String], contains component: ComponentID) -> Bool {
    entries.isEmpty
      || entries.contains {
        $0 == "*" || $0 == "\(component.family.rawValue)/*" || $0 == component.description
      }
  }
}
