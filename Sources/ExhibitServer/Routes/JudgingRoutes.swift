import ExhibitKit
import Foundation
import Hummingbird

/// The forms that change evidence: save a verdict, retract a link, accept a suggestion (deciding
/// one in place and observations are ``DecisionRoutes``). Each is
/// the CLI's `link`, `unlink` or `suggest --accept`, validated by ExhibitKit and audited under
/// the auditor's name; each answers with a redirect, so reloading does not post again.
struct JudgingRoutes {
  let stores: CataloguePool

  func register(in groups: RouteGroups) {
    groups.pages.post("/recordings/:sha/links") { _, context -> Response in
      let auditor = try context.auditor()
      let sha = try context.recordingSHA256()
      let form = context.form
      var state = LinkFormState(
        item: form.text("item"), verdict: form.text("verdict").flatMap(Verdict.init(rawValue:)),
        from: form.text("from") ?? "", to: form.text("to") ?? "", note: form.text("note") ?? "",
        otherPlatforms: form["other_platform"] != nil)
      do {
        let request = try Self.linkRequest(
          recording: sha, item: state.item, verdict: form.text("verdict"), from: form.text("from"),
          to: form.text("to"), note: state.note, auditor: auditor, otherPlatform: state.otherPlatforms,
          otherComponent: false, audit: context.visitor.audit)
        let link = try await stores.write { try await $0.link(request) }
        return .seeOther("/recordings/\(sha)?saved=\(link.id)#desk")
      } catch {
        let refusal = WebError.from(error)
        guard refusal.status.code < 500 else { throw refusal }
        state.error = refusal.message
        let audit = context.visitor.audit
        let data = try await stores.read {
          try await RecordingPageData.read(sha256: sha, audit: audit, from: $0)
        }
        return .page(
          RecordingPage(data: data, visitor: context.visitor, form: state).html, status: refusal.status)
      }
    }

    groups.pages.post("/links/:id/retract") { _, context -> Response in
      let auditor = try context.auditor()
      guard let id = context.parameters.get("id", as: Int64.self) else {
        throw WebError.notFound("there is no such link")
      }
      let link = try await Self.retract(
        id, reason: context.form.text("reason"), auditor: auditor, stores: stores)
      guard let sha = link.recordingSHA256 else { return .seeOther("/") }
      return .seeOther("/recordings/\(sha)?retracted=\(link.id)#links")
    }

    groups.pages.post("/components/:family/:slug/suggestions/accept") { _, context -> Response in
      let auditor = try context.auditor()
      let component = try context.component()
      let form = context.form
      guard let sha = form.text("recording"), let item = form.text("item") else {
        throw WebError.badRequest("the form names no suggestion")
      }
      let from = form.text("from").flatMap { try? SegmentTime.seconds($0) }
      let platform = try form.text("platform").map(Request.platform)
      let audit = context.visitor.audit
      let accepted = try await stores.write { store -> Suggestion? in
        let waiting = try await store.suggestions(component: component, audit: audit).first {
          $0.recording.sha256 == sha && $0.item.description == item && $0.fromSeconds == from
        }
        guard let waiting else { return nil }
        return try await store.accept([waiting], auditor: auditor, audit: audit).first
      }
      let page = "/components/\(component.family.rawValue)/\(URLText.encode(component.slug))"
      let query: [(String, String?)] = [("platform", platform?.rawValue)]
      guard let accepted else {
        throw WebError(
          .conflict, "no_suggestion",
          "that suggestion is no longer waiting; it may have been accepted already")
      }
      if let refusal = accepted.refusal { throw WebError(.unprocessableContent, "refused", refusal) }
      return .seeOther(
        URLText.with(page, query: query + [("accepted", accepted.acceptedLink.map(String.init))]))
    }
  }

  /// A path and its `#fragment`, apart.
  static func split(_ target: String) -> (String, String) {
    guard let hash = target.firstIndex(of: "#") else { return (target, "") }
    return (String(target[..<hash]), String(target[hash...]))
  }

  /// A link request from submitted fields, with the reason for any that cannot be one.
  /// - Throws: ``WebError`` (400).
  static func linkRequest(
    recording: String, item: String?, verdict: String?, from: String?, to: String?, note: String,
    auditor: String,
    otherPlatform: Bool, otherComponent: Bool, audit: String? = nil
  ) throws -> LinkRequest {
    guard let item, !item.isEmpty else { throw WebError.badRequest("choose the item the verdict is about") }
    guard let verdictText = verdict else { throw WebError.badRequest("choose a verdict") }
    guard let verdict = Verdict(rawValue: verdictText) else {
      throw WebError.badRequest("\(verdictText) is not a verdict: use pass, fail, not-applicable or untested")
    }
    func seconds(_ text: String?, _ name: String) throws -> Double? {
      guard let text, !text.isEmpty else { return nil }
      do {
        return try SegmentTime.seconds(text)
      } catch {
        throw WebError.badRequest("the \(name): \(error)")
      }
    }
    return LinkRequest(
      recording: recording, item: item, verdict: verdict, from: try seconds(from, "start"),
      to: try seconds(to, "end"),
      auditor: auditor, note: note, overridePlatform: otherPlatform, overrideComponent: otherComponent,
      audit: audit)
  }

  /// Retracts a link by the ledger's rules (`LinkStorage.unlink(_:reason:actor:audit:)`): a reason is
  /// required (a 400 without one), and the same retraction again (a double submit) answers with
  /// the link as it is.
  /// - Throws: ExhibitKit's errors.
  static func retract(_ id: Int64, reason: String?, auditor: String, stores: CataloguePool) async throws
    -> EvidenceLink
  {
    try await stores.write { try await $0.unlink(id, reason: reason ?? "", actor: auditor, audit: nil) }
  }
}
