import ExhibitKit
import Hummingbird

/// The pages that read: overview, component, recording, search and history.
struct PageRoutes {
  let stores: CataloguePool

  // Long: one route after another, each closure short.
  func register(in groups: RouteGroups) {
    groups.pages.get("/") { request, context -> Response in
      let filters = OverviewPage.Filters(
        family: try request.query("family").map { text in
          guard let family = Family(rawValue: text) else {
            throw WebError.badRequest("\(text) is not a family: use native or web")
          }
          return family
        },
        platform: try request.platform(),
        assistiveTech: request.query("at"), unattributed: request.query("unattributed") != nil,
        hasRecordings: request.query("recordings") != nil, hasVerdicts: request.query("verdicts") != nil,
        hasFails: request.query("fails") != nil,
        sort: try request.query("sort").map { text in
          guard let sort = OverviewPage.Sort(rawValue: text) else {
            throw WebError.badRequest("\(text) is not an order: use title, gaps or fails")
          }
          return sort
        } ?? .title)
      let audit = context.visitor.audit
      let components = try await stores.cachedRead("overview \(audit ?? "")") {
        try await ComponentOverview.all(in: $0, audit: audit)
      }
      let unattributed = try await stores.cachedRead("unattributed") {
        try await $0.recordings(component: nil, platform: nil, status: nil, unattributed: true)
      }
      let notice = request.query("catalogued").flatMap(Int.init).map { scanned in
        "Catalogued Media/: \(scanned) recordings scanned, \(request.query("failed") ?? "0") failed."
      }
      var page = OverviewPage(
        components: components, filters: filters, visitor: context.visitor, notice: notice,
        unattributed: unattributed)
      let content = page
      page.rendered = try await stores.cachedValue(page.cacheKey) { content.content }
      return .page(page.html)
    }

    groups.pages.get("/components/:family/:slug") { request, context -> Response in
      let component = try context.component()
      let platform = try request.platform()
      let audit = context.visitor.audit
      let data = try await stores.cachedRead(
        "component \(component) \(platform?.rawValue ?? "") \(audit ?? "")"
      ) {
        try await ComponentPageData.read(component, platform: platform, audit: audit, from: $0)
      }
      let notice =
        request.query("accepted").flatMap(Int64.init).map {
          "Accepted the suggestion as link \($0), untested until you judge it."
        }
        ?? request.query("confirmed").flatMap(Int.init).map {
          "Confirmed \($0) carried \($0 == 1 ? "verdict" : "verdicts") in this round."
        }
        ?? request.query("observed").flatMap(Int64.init).map { "Saved the observation as link \($0)." }
        ?? Self.decisionNotice(request)
      var page = ComponentPage(data: data, visitor: context.visitor, notice: notice)
      let shared = page.shared
      page.rendered = try await stores.cachedValue(page.cacheKey) { shared.pieces }
      return .page(page.html)
    }

    groups.pages.get("/recordings/:sha") { request, context -> Response in
      let sha = try context.recordingSHA256()
      let audit = context.visitor.audit
      let data = try await stores.cachedRead("recording \(sha) \(audit ?? "")") {
        try await RecordingPageData.read(sha256: sha, audit: audit, from: $0)
      }
      let form = LinkFormState(
        item: request.query("item"), from: request.query("from") ?? "", to: request.query("to") ?? "",
        otherPlatforms: request.query("other_platforms") != nil)
      let visitor = context.visitor
      var desk = DeskSettings.standard
      if visitor.signedIn, let name = visitor.name {
        desk = try await stores.read { try await $0.deskSettings(account: name) }
      }
      return .page(
        RecordingPage(
          data: data, visitor: visitor,
          startAt: request.query("t").flatMap(Double.init).flatMap { $0.isFinite ? max(0, $0) : nil },
          playAtStart: request.query("play") == "1", form: form, desk: desk, notice: Self.linkNotice(request)
        ).html)
    }

    groups.pages.get("/search") { request, context -> Response in
      let query = SearchPage.Query(
        text: request.query("q") ?? "", component: request.query("component"),
        platform: try request.platform(),
        kind: try request.query("kind").map(APIRoutes.searchKind))
      guard !query.text.isEmpty else {
        return .page(
          SearchPage(query: query, results: nil, visitor: context.visitor).html)
      }
      do {
        let results = try await stores.cachedRead(query.cacheKey) { store in
          try await Self.search(query, in: store)
        }
        return .page(
          SearchPage(query: query, results: results, visitor: context.visitor).html)
      } catch let error as SearchError {
        return .page(
          SearchPage(
            query: query, results: nil, visitor: context.visitor,
            error: error.description
          )
          .html, status: .badRequest)
      }
    }

    groups.pages.get("/history") { request, context -> Response in
      let subject = request.query("subject")
      let (events, chain) = try await stores.read { store in
        (try await store.history(subject, audit: nil), try await store.verifyAuditChain())
      }
      return .page(HistoryPage(subject: subject, events: events, chain: chain, visitor: context.visitor).html)
    }
  }

  /// What the recording page says after a redirect from a save or a retraction.
  static func linkNotice(_ request: Request) -> String? {
    if let saved = request.query("saved").flatMap(Int64.init) { return "Saved link \(saved)." }
    if let retracted = request.query("retracted").flatMap(Int64.init) {
      return "Retracted link \(retracted)."
    }
    if request.query("attributed") != nil { return "Saved what the recording is of." }
    return decisionNotice(request)
  }

  /// What deciding a suggestion in place did, after its redirect.
  static func decisionNotice(_ request: Request) -> String? {
    guard let decision = request.query("decided").flatMap(SuggestionDecision.init(rawValue:)) else {
      return nil
    }
    return decision == .dismiss
      ? "Dismissed the suggestion: it is not evidence." : "Decided the suggestion: \(decision.rawValue)."
  }

  /// Searches; each hit names its recording's SHA-256, for a link to its page.
  static func search(_ query: SearchPage.Query, in store: any CatalogueStorage) async throws -> SearchResults
  {
    try await store.search(
      SearchRequest(
        query.text, component: query.component, platform: query.platform, kinds: query.kind.map { [$0] } ?? []
      ))
  }
}
