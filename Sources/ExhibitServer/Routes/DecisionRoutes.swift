import ExhibitKit
import Foundation
import Hummingbird

/// The desk's forms that judge without a segment: decide a suggestion (or an untested link) in
/// place, as `suggest --decide` does, and record an observation, as `link --observation` does.
/// Each is validated by ExhibitKit, audited under the auditor's name, and answers with a redirect
/// back to the page it came from.
struct DecisionRoutes {
  let stores: CataloguePool

  func register(in groups: RouteGroups) {
    groups.pages.post("/suggestions/decide") { _, context -> Response in
      let auditor = try context.auditor()
      let form = context.form
      guard let sha = form.text("recording"), let item = form.text("item") else {
        throw WebError.badRequest("the form names no suggestion")
      }
      guard let decision = form.text("decision").flatMap(SuggestionDecision.init(rawValue:)) else {
        throw WebError.badRequest("choose a decision: pass, fail, not applicable, or not evidence")
      }
      let from = form.text("from").flatMap { try? SegmentTime.seconds($0) }
      let audit = context.visitor.audit
      let note = form.text("note") ?? ""
      let decided = try await stores.write { store -> Suggestion? in
        let pending: [Suggestion] = try await store.pendingSuggestions(component: nil, audit: audit)
        let waiting = pending.first { suggestion in
          suggestion.recording.sha256 == sha && suggestion.item.description == item
            && Self.sameStart(suggestion.fromSeconds, from)
        }
        guard let waiting else { return nil }
        let decided = try await store.decide(
          [waiting], decision: decision, auditor: auditor, note: note, audit: audit)
        return decided.first
      }
      guard let decided else {
        throw WebError(
          .conflict, "no_suggestion", "that suggestion is no longer waiting; it may have been decided already"
        )
      }
      if let refusal = decided.refusal { throw WebError(.unprocessableContent, "refused", refusal) }
      let back =
        form.text("back").flatMap { $0.hasPrefix("/components/") || $0.hasPrefix("/recordings/") ? $0 : nil }
        ?? "/recordings/\(sha)"
      let (page, anchor) = JudgingRoutes.split(back)
      return .seeOther(URLText.with(page, query: [("decided", decision.rawValue)]) + anchor)
    }

    groups.pages.post("/components/:family/:slug/observations") { _, context -> Response in
      let auditor = try context.auditor()
      let component = try context.component()
      let form = context.form
      let page = "/components/\(component.family.rawValue)/\(URLText.encode(component.slug))"
      guard let item = form.text("item"), !item.isEmpty else {
        throw WebError.badRequest("choose the item the observation is about")
      }
      guard let verdict = form.text("verdict").flatMap(Verdict.init(rawValue:)) else {
        throw WebError.badRequest("choose a verdict")
      }
      var request = LinkRequest(
        recording: nil, item: item, verdict: verdict, auditor: auditor, note: form.text("note") ?? "",
        audit: context.visitor.audit,
        environment: LinkEnvironment(describing: form.text("environment") ?? ""))
      request.observedPlatform = try form.text("platform").map(Request.platform)
      request.observedAssistiveTech = form.text("screen_reader").flatMap(AssistiveTech.init(rawValue:))
      let observation = request
      let link = try await stores.write { try await $0.link(observation) }
      let platform = observation.observedPlatform?.rawValue
      return .seeOther(
        URLText.with(page, query: [("platform", platform), ("observed", String(link.id))])
          + "#\(ComponentPage.anchor(link.item))")
    }

  }

  /// Whether a suggestion starting at `suggested` seconds is the one a form starting at `asked`
  /// names (times as forms write them, to the millisecond).
  static func sameStart(_ suggested: Double?, _ asked: Double?) -> Bool {
    guard let suggested else { return asked == nil }
    return abs(suggested - (asked ?? -1)) < 0.0005
  }
}
