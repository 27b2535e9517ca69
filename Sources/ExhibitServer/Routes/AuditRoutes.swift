import ExhibitKit
import Foundation
import Hummingbird

/// Audits on the web: the list, one audit's progress, what changed between two rounds, switching
/// the audit a visitor works in, and confirming a carried verdict; the same under `/api/audits`.
struct AuditRoutes {
  let stores: CataloguePool

  /// The body of `POST /api/audits/ID/confirm`.
  struct ConfirmBody: Decodable {
    let item: String
    let note: String?
    /// The column retested, when the item is carried in several.
    let platform: Platform?
    let screenReader: String?

    private enum CodingKeys: String, CodingKey {
      case item, note, platform
      case screenReader = "screen_reader"
    }
  }

  /// What `/api/audits` answers: the products, and every audit with its tallies.
  struct AuditList: Encodable, Sendable {
    let products: [Product]
    let audits: [Audit]
  }

  // Long: one route after another, each closure short.
  func register(in groups: RouteGroups) {
    groups.pages.get("/audits") { _, context -> Response in
      let list = try await stores.cachedRead("audits") { try await Self.list($0) }
      return .page(AuditsPage(products: list.products, audits: list.audits, visitor: context.visitor).html)
    }

    groups.pages.get("/audits/:id") { _, context -> Response in
      let id = try Self.auditID(context)
      let progress = try await stores.cachedRead("audit \(id)") { try await $0.auditProgress(id) }
      return .page(AuditPage(progress: progress, visitor: context.visitor).html)
    }

    groups.pages.get("/audits/:id/compare") { request, context -> Response in
      let id = try Self.auditID(context)
      let from = request.query("from")
      let (comparison, names) = try await stores.cachedRead("compare \(id) \(from ?? "")") {
        try await Self.compare(id, from: from, in: $0)
      }
      let expanded = request.query("all").flatMap(AuditComparison.Change.init(rawValue:))
      return .page(
        ComparePage(comparison: comparison, names: names, visitor: context.visitor, expanded: expanded).html)
    }

    groups.pages.post("/audits/use") { request, context -> Response in
      guard context.visitor.mayRead else { throw WebError.signInRequired }
      guard let name = context.form.text("audit") else { throw WebError.badRequest("choose an audit") }
      let audit = try await stores.read { store -> Audit in
        guard let audit = try await store.currentAudit(name) else { throw AuditError.unknownAudit(name) }
        return audit
      }
      var response = Response.seeOther(Self.back(request) ?? "/audits/\(audit.id)")
      response.setCookie(
        Cookie(
          name: AuditMenu.cookieName, value: String(audit.id), maxAge: 365 * 24 * 3600, path: "/",
          httpOnly: true,
          sameSite: .strict))
      return response
    }

    groups.pages.post("/audits/:id/confirm") { _, context -> Response in
      let auditor = try context.auditor()
      let id = try Self.auditID(context)
      guard let item = context.form.text("item") else { throw WebError.badRequest("the form names no item") }
      let note = context.form.text("note")
      let back =
        context.form.text("back").flatMap { $0.hasPrefix("/components/") ? $0 : nil } ?? "/audits/\(id)"
      let column = CarriedColumn(
        platform: context.form.text("platform").flatMap(Platform.init(rawValue:)),
        assistiveTech: context.form.text("screen_reader"))
      let links = try await stores.write {
        try await $0.confirmCarried(item, audit: id, column: column, note: note, actor: auditor)
      }
      let anchor = ItemKey(item).map { "#" + ComponentPage.anchor($0) } ?? ""
      let separator = back.contains("?") ? "&" : "?"
      return .seeOther(back + separator + "confirmed=\(links.count)" + anchor)
    }

    // A second person approves a column's verdicts (`exhibit approve`), from the checklist.
    groups.pages.post("/audits/:id/approve") { _, context -> Response in
      let auditor = try context.auditor()
      let id = try Self.auditID(context)
      guard let item = context.form.text("item").flatMap(ItemKey.init) else {
        throw WebError.badRequest("the form names no item")
      }
      let back =
        context.form.text("back").flatMap { $0.hasPrefix("/components/") ? $0 : nil } ?? "/audits/\(id)"
      _ = try await stores.write {
        try await $0.approveVerdict(
          audit: id, item: item, platform: context.form.text("platform").flatMap(Platform.init(rawValue:)),
          screenReader: context.form.text("screen_reader"), approver: auditor)
      }
      let separator = back.contains("?") ? "&" : "?"
      return .seeOther(back + separator + "approved=1#" + ComponentPage.anchor(item))
    }

    groups.api.get("audits") { _, _ -> Response in
      try .json(try await stores.cachedRead("audits") { try await Self.list($0) })
    }

    groups.api.get("audits/:id") { _, context -> Response in
      let id = try Self.auditID(context)
      return try .json(try await stores.cachedRead("audit \(id)") { try await $0.auditProgress(id) })
    }

    groups.api.get("audits/:id/compare") { request, context -> Response in
      let id = try Self.auditID(context)
      let from = request.query("from")
      return try .json(
        try await stores.cachedRead("compare \(id) \(from ?? "")") {
          try await Self.compare(id, from: from, in: $0)
        }.0)
    }

    groups.api.post("audits/:id/confirm") { request, context -> Response in
      let auditor = try context.auditor()
      let id = try Self.auditID(context)
      let body = try await APIRoutes.decode(ConfirmBody.self, from: request, context: context)
      return try .json(
        try await stores.write {
          try await $0.confirmCarried(
            body.item, audit: id,
            column: CarriedColumn(platform: body.platform, assistiveTech: body.screenReader), note: body.note,
            actor: auditor)
        })
    }
  }

  /// The audit id in the path.
  static func auditID(_ context: ExhibitRequestContext) throws -> String {
    guard let id = context.parameters.get("id", as: Int64.self) else {
      throw WebError.notFound("there is no such audit")
    }
    return String(id)
  }

  /// Products and audits with their tallies.
  static func list(_ store: any CatalogueStorage) async throws -> AuditList {
    var audits: [Audit] = []
    for audit in try await store.audits(product: nil) {
      audits.append(try await store.auditProgress(String(audit.id)).audit)
    }
    return AuditList(products: try await store.products(), audits: audits)
  }

  /// Audit `id` compared with `from`, else with the audit it retests; with the recordings' names.
  static func compare(_ id: String, from: String?, in store: any CatalogueStorage) async throws -> (
    AuditComparison, [String: String]
  ) {
    guard let audit = try await store.currentAudit(id) else { throw AuditError.unknownAudit(id) }
    guard let old = from ?? audit.from.map({ String($0.id) }) else {
      throw WebError.badRequest("audit \(id) is no retest: say which audit to compare it with, ?from=AUDIT")
    }
    let comparison = try await store.compareAudits(old, id, component: nil, platform: nil)
    var names: [String: String] = [:]
    for sha in Set(comparison.rows.flatMap { $0.oldLinks + $0.newLinks }.map(\.recording)) {
      names[sha] = try await store.mediaFile(sha256: sha)?.path
    }
    return (comparison, names)
  }

  /// The page a form came from, when it is one of ours.
  static func back(_ request: Request) -> String? {
    guard let referer = request.headers[.referer], let url = URL(string: referer), url.path.hasPrefix("/")
    else {
      return nil
    }
    return url.path + (url.query.map { "?\($0)" } ?? "")
  }
}
