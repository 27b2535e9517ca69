import ExhibitKit
import Foundation
import Hummingbird

/// An audit's conformance report on the web: the page with its draft and decided levels, the form
/// that decides one (`exhibit acr set`), the downloads (`exhibit acr --format openacr|html`), and
/// `/api/audits/ID/acr` (`exhibit acr draft --all --json`).
struct ConformanceRoutes {
  let stores: CataloguePool

  /// The audit and its draft, nil while the audit has no verdict.
  struct Report: Sendable {
    let audit: Audit
    let draft: ACRDraft?
  }

  func register(in groups: RouteGroups) {
    registerApproval(in: groups)
    groups.pages.get("/audits/:id/acr") { request, context -> Response in
      let id = try AuditRoutes.auditID(context)
      let report = try await stores.cachedRead("acr \(id)") { try await Self.report(id, in: $0) }
      let chosen = request.query("criterion").flatMap { criterion in
        request.query("type").flatMap(ACRComponentType.init(rawValue:)).map {
          (criterion: criterion, type: $0)
        }
      }
      let notice = request.query("decided").map { "Decided the level of \($0)." }
      return .page(
        ConformancePage(
          audit: report.audit, draft: report.draft, visitor: context.visitor, chosen: chosen, notice: notice
        ).html)
    }

    groups.pages.post("/audits/:id/acr") { _, context -> Response in
      let auditor = try context.auditor()
      let id = try AuditRoutes.auditID(context)
      let form = context.form
      guard let criterion = form.text("criterion") else { throw WebError.badRequest("choose a criterion") }
      guard let type = form.text("type").flatMap(ACRComponentType.init(rawValue:)) else {
        throw WebError.badRequest("choose web or software")
      }
      guard let level = form.text("level").flatMap(ConformanceLevel.init(rawValue:)) else {
        throw WebError.badRequest(
          "choose a level: supports, partially-supports, does-not-support or not-applicable")
      }
      let remarks = form.text("remarks") ?? ""
      _ = try await stores.write {
        try await $0.setACRLevel(
          audit: id, criterion: criterion, componentType: type, level: level, remarks: remarks, actor: auditor
        )
      }
      return .seeOther(
        "/audits/\(id)/acr?decided=\(URLText.encode(criterion))#sc-\(URLText.encode(criterion))")
    }

    groups.pages.get("/audits/:id/acr/download") { request, context -> Response in
      let id = try AuditRoutes.auditID(context)
      let author = try OpenACRDocument.Author(parsing: request.query("author") ?? "")
      let report = try await stores.cachedRead("acr \(id)") { try await Self.report(id, in: $0) }
      guard let draft = report.draft else {
        throw WebError(.unprocessableContent, "no_verdicts", ConformanceError.noLinks(audit: id).description)
      }
      let date = String(Timestamp.string(Date()).prefix(10))
      let edition = try Self.edition(request)
      let methods = ACRMethods(draft: draft, edition: edition).description
      let name =
        "acr-\(report.audit.product)-\(report.audit.release)\(edition == .wcag ? "" : "-\(edition.rawValue)")"
        .replacingOccurrences(
          of: "[^A-Za-z0-9._-]", with: "_", options: .regularExpression)
      if request.query("format") == "html" {
        let host = request.head.authority ?? "127.0.0.1"
        let page = ACRPage(
          audit: ACRHeading(report.audit), draft: draft, author: author, date: date,
          links: .workspace("http://\(host)"), edition: edition, evaluationMethods: methods)
        return Self.download(page.html, name: "\(name).html", type: "text/html; charset=utf-8")
      }
      let yaml = try OpenACRDocument(
        audit: ACRHeading(report.audit), draft: draft, author: author, date: date,
        provisional: report.audit.state == .open, edition: edition, evaluationMethods: methods
      ).yaml()
      return Self.download(yaml, name: "\(name).yaml", type: "application/yaml; charset=utf-8")
    }

    groups.api.get("audits/:id/acr") { request, context -> Response in
      let id = try AuditRoutes.auditID(context)
      let report = try await stores.cachedRead("acr \(id)") { try await Self.report(id, in: $0) }
      guard let draft = report.draft else {
        throw WebError(.unprocessableContent, "no_verdicts", ConformanceError.noLinks(audit: id).description)
      }
      let edition = try Self.edition(request)
      return try .json(ACRDocument(audit: report.audit, draft: draft, edition: edition))
    }
  }

  /// A second person approves a decided level (`exhibit approve --acr`).
  func registerApproval(in groups: RouteGroups) {
    groups.pages.post("/audits/:id/acr/approve") { _, context -> Response in
      let auditor = try context.auditor()
      let id = try AuditRoutes.auditID(context)
      guard let criterion = context.form.text("criterion") else {
        throw WebError.badRequest("choose a criterion")
      }
      let type = context.form.text("type").flatMap(ACRComponentType.init(rawValue:))
      _ = try await stores.write {
        try await $0.approveLevel(audit: id, criterion: criterion, componentType: type, approver: auditor)
      }
      return .seeOther(
        "/audits/\(id)/acr?approved=\(URLText.encode(criterion))#sc-\(URLText.encode(criterion))")
    }

  }

  /// The edition a request asks for (`?edition=int`), WCAG's when it names none.
  /// - Throws: A 422 naming the editions for another word.
  static func edition(_ request: Request) throws -> ACREdition {
    let name = request.query("edition") ?? ACREdition.wcag.rawValue
    guard let edition = ACREdition(rawValue: name) else {
      throw WebError(.unprocessableContent, "unknown_edition", "no edition \(name): wcag, 508, eu or int")
    }
    return edition
  }

  /// The draft with its audit, as `/api/audits/ID/acr` answers it (as `acr draft --all --json`).
  struct ACRDocument: Encodable {
    let audit: Audit
    let edition: ACREdition
    let rows: [ACRDraft.Row]
    let clauses: [ACRDraft.ClauseRow]?
    let unmapped: [String]
    let evaluationMethods: String

    /// `draft` in `edition`: the clauses of its chapters, none for WCAG's.
    init(audit: Audit, draft: ACRDraft, edition: ACREdition) {
      let chapters = Set(edition.chapters.map(\.id))
      self.audit = audit
      self.edition = edition
      rows = draft.rows
      clauses = edition == .wcag ? nil : draft.clauses.filter { chapters.contains($0.clause.chapter) }
      unmapped = draft.unmapped.map(\.description)
      evaluationMethods = ACRMethods(draft: draft, edition: edition).description
    }
  }

  /// The audit's report; its draft is nil while it has no verdict.
  static func report(_ id: String, in store: any CatalogueStorage) async throws -> Report {
    do {
      let (audit, draft) = try await store.acrDraft(audit: id)
      return Report(audit: audit, draft: draft)
    } catch ConformanceError.noLinks {
      guard let audit = try await store.currentAudit(id) else { throw AuditError.unknownAudit(id) }
      return Report(audit: audit, draft: nil)
    }
  }

  /// A file to save, not to open in the workspace's origin.
  static func download(_ text: String, name: String, type: String) -> Response {
    Response(
      status: .ok,
      headers: [
        .contentType: type, .contentDisposition: "attachment; filename=\"\(name)\"",
        .cacheControl: "no-store",
      ],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
  }
}
