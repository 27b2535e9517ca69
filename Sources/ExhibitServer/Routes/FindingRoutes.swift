import ExhibitKit
import Foundation
import Hummingbird

/// Findings on the web: an audit's findings page and a finding's page, reviewers reading and
/// auditors setting, merging and filing them; the same as JSON under `/api`.
struct FindingRoutes {
  let stores: CataloguePool
  /// Files findings to the team's tracker; nil when the server files none.
  let filer: FindingFiler?
  /// Where it files (`github:acme/mobile`).
  let fileTo: String?

  // Long: one route after another, each closure short.
  func register(in groups: RouteGroups) {
    groups.pages.get("/audits/:id/findings") { request, context -> Response in
      let id = try AuditRoutes.auditID(context)
      let filter = try Self.filter(request)
      let (audit, all) = try await stores.cachedRead("findings \(id)") {
        let listed = try await $0.storedFindings(audit: id, filter: FindingFilter())
        return ListedFindings(audit: listed.audit, findings: listed.findings)
      }.pair
      let shown =
        filter == FindingFilter()
        ? all
        : try await stores.read { try await $0.storedFindings(audit: id, filter: filter).findings }
      var page = FindingsPage(
        audit: audit, all: all, shown: shown, filter: filter, visitor: context.visitor, trackerTarget: fileTo)
      page.notice = Self.notice(request)
      return .page(page.html)
    }

    groups.pages.get("/findings/:finding") { request, context -> Response in
      let reference = try Self.reference(context)
      let (detail, framed, history) = try await stores.read { store in
        let detail = try await store.finding(reference)
        var framed: RecordingSummary?
        if let frame = detail.finding.frame {
          framed = try await store.recordingDetail(frame.sha256, currentDirectory: "/").recording
        }
        return (detail, framed, try await store.history(detail.finding.reference, audit: nil))
      }
      var page = FindingPage(detail: detail, framed: framed, history: history, visitor: context.visitor)
      page.notice = Self.notice(request)
      return .page(page.html)
    }

    groups.pages.post("/findings/:finding") { _, context -> Response in
      let auditor = try context.auditor()
      let reference = try Self.reference(context)
      let form = context.form
      let severity = try form.text("severity").map { name in
        guard let severity = FindingSeverity(rawValue: name) else {
          throw WebError.badRequest("severity \(name): one of critical, serious, moderate, minor")
        }
        return severity
      }
      let status = try form.text("status").map { name in
        guard let status = FindingStatus(rawValue: name) else {
          throw WebError.badRequest("status \(name): fixed or accepted")
        }
        return status
      }
      let saved = try await stores.write {
        try await $0.setFinding(
          reference, title: form.text("title"), severity: severity, status: status,
          reason: form.text("reason"),
          actor: auditor)
      }
      return .seeOther("/findings/\(saved.reference)?done=saved")
    }

    groups.pages.post("/audits/:id/findings/merge") { _, context -> Response in
      let auditor = try context.auditor()
      _ = try AuditRoutes.auditID(context)
      guard let into = context.form.text("into") else {
        throw WebError.badRequest("say which finding to keep")
      }
      let others = context.form.all("merge").filter { Finding.number($0) != Finding.number(into) }
      guard !others.isEmpty else {
        throw WebError.badRequest("tick the findings to merge into \(into)")
      }
      let kept = try await stores.write { try await $0.mergeFindings(into, others, actor: auditor) }
      return .seeOther("/findings/\(kept.reference)?done=merged")
    }

    groups.pages.post("/audits/:id/findings/file") { _, context -> Response in
      let auditor = try context.auditor()
      let id = try AuditRoutes.auditID(context)
      guard let filer else {
        throw WebError.badRequest("this server files no findings: start it with --file-to")
      }
      let filed = try await Self.file(audit: id, filer: filer, stores: stores, actor: auditor)
      return .seeOther("/audits/\(id)/findings?done=filed&count=\(filed)")
    }

    groups.api.get("audits/:id/findings") { request, context -> Response in
      let id = try AuditRoutes.auditID(context)
      let filter = try Self.filter(request)
      let findings = try await stores.read { try await $0.storedFindings(audit: id, filter: filter).findings }
      return try .json(["findings": findings])
    }

    groups.api.get("findings/:finding") { _, context -> Response in
      let reference = try Self.reference(context)
      return try .json(try await stores.read { try await $0.finding(reference) })
    }
  }

  /// Files every outstanding finding of the audit (and tells merged ones' issues); the first
  /// tracker error stops it, after what was filed before it is recorded.
  /// - Returns: How many issues were filed, updated or told.
  static func file(audit id: String, filer: FindingFiler, stores: CataloguePool, actor: String) async throws
    -> Int
  {
    try await stores.write { store in
      var count = 0
      for detail in try await store.findingsToFile(audit: id, references: [], actor: actor) {
        do {
          if try await filer.file(detail, catalogue: store, actor: actor) != nil { count += 1 }
        } catch let error as TrackerError {
          throw WebError(.badGateway, "tracker", "\(count) filed before: \(error.description)")
        }
      }
      return count
    }
  }

  /// The filter the query asks for.
  static func filter(_ request: Request) throws -> FindingFilter {
    var filter = FindingFilter()
    if let name = request.query("status").flatMap({ $0.isEmpty ? nil : $0 }) {
      guard let status = FindingStatus(rawValue: name) else { throw WebError.badRequest("no status \(name)") }
      filter.status = status
    }
    if let name = request.query("severity").flatMap({ $0.isEmpty ? nil : $0 }) {
      guard let severity = FindingSeverity(rawValue: name) else {
        throw WebError.badRequest("no severity \(name)")
      }
      filter.severity = severity
    }
    if let name = request.query("component").flatMap({ $0.isEmpty ? nil : $0 }) {
      guard let component = ComponentID(name) else { throw WebError.badRequest("no component \(name)") }
      filter.component = component
    }
    return filter
  }

  /// The finding in the path.
  static func reference(_ context: ExhibitRequestContext) throws -> String {
    guard let text = context.parameters.get("finding"), let number = Finding.number(text) else {
      throw WebError.notFound("a finding is named F-12")
    }
    return Finding.reference(number)
  }

  /// What the form before did, from the address it sent the visitor to.
  static func notice(_ request: Request) -> String? {
    switch request.query("done") {
    case "saved": "Saved."
    case "merged": "Merged: this finding now holds the others' columns."
    case "filed": "Filed or updated \(request.query("count") ?? "0") issues on the tracker."
    default: nil
    }
  }
}

/// An audit's findings, as the read cache keeps them.
private struct ListedFindings: Sendable {
  let audit: Audit
  let findings: [Finding]

  var pair: (Audit, [Finding]) { (audit, findings) }
}
