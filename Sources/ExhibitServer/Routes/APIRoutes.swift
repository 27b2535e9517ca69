import ExhibitKit
import Foundation
import Hummingbird

/// `/api/…`: every page's data as JSON with the CLI's keys, and the writes a script needs.
/// Errors are `{"error": {"code", "message"}}`.
struct APIRoutes {
  let stores: CataloguePool

  /// A recording as `recordings list --json` prints it, plus where to fetch its bytes and captions.
  struct RecordingEntry: Encodable, Sendable {
    /// A caption track's URL and language.
    struct Caption: Encodable, Sendable {
      let url: String
      let language: String?
    }

    let summary: RecordingSummary
    let mediaUrl: String?
    let captions: [Caption]

    func encode(to encoder: any Encoder) throws {
      try summary.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(mediaUrl, forKey: .mediaUrl)
      try container.encode(captions, forKey: .captions)
    }

    private enum Keys: String, CodingKey { case mediaUrl, captions }
  }

  /// A recording as `recordings show --json` prints it, plus its media and caption URLs (the
  /// detail's own `captions` key holds the tracks with their cues, so the URLs are `caption_urls`).
  struct RecordingDetailEntry: Encodable, Sendable {
    let detail: RecordingDetail
    let mediaUrl: String
    let captionUrls: [RecordingEntry.Caption]

    func encode(to encoder: any Encoder) throws {
      try detail.encode(to: encoder)
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(mediaUrl, forKey: .mediaUrl)
      try container.encode(captionUrls, forKey: .captionUrls)
    }

    private enum Keys: String, CodingKey { case mediaUrl, captionUrls }
  }

  /// The body of `POST /api/links`: `link`'s arguments.
  struct LinkBody: Decodable {
    let recording: String
    let item: String?
    let verdict: String?
    let from: Double?
    let to: Double?
    let note: String?
    let otherPlatform: Bool?
    let otherComponent: Bool?
    /// The audit, by id or PRODUCT@RELEASE; the visitor's when absent.
    let audit: String?
  }

  /// The body of `POST /api/links/ID/retract`.
  struct RetractBody: Decodable {
    let reason: String?
  }

  // Long: one route after another, each closure short.
  func register(in groups: RouteGroups) {
    groups.api.get("components") { _, context -> Response in
      let audit = context.visitor.audit
      return try .json(
        try await stores.cachedRead("overview \(audit ?? "")") {
          try await ComponentOverview.all(in: $0, audit: audit)
        })
    }

    groups.api.get("components/:family/:slug/coverage") { request, context -> Response in
      let component = try context.component()
      let platform = try request.platform()
      let audit = request.query("audit") ?? context.visitor.audit
      return try .json(
        try await stores.read { try await $0.coverage(component, platform: platform, audit: audit) })
    }

    groups.api.get("components/:family/:slug/suggestions") { _, context -> Response in
      let component = try context.component()
      let audit = context.visitor.audit
      return try .json(
        try await stores.read { store in
          _ = try await store.componentCriteria(component, platform: nil)
          return try await store.suggestions(component: component, audit: audit)
        })
    }

    groups.api.get("recordings") { request, _ -> Response in
      let component = request.query("component")
      let platform = try request.platform()
      return try .json(
        try await stores.read { store in
          var resolved: ComponentID?
          if let component { resolved = try await store.resolveComponent(component) }
          var entries: [RecordingEntry] = []
          for summary in try await store.recordings(
            component: resolved, platform: platform, status: nil, unattributed: false)
          {
            guard let sha = summary.sha256 else {
              entries.append(RecordingEntry(summary: summary, mediaUrl: nil, captions: []))
              continue
            }
            entries.append(
              RecordingEntry(
                summary: summary, mediaUrl: "/media/\(sha)",
                captions: try await Self.captionURLs(sha: sha, store: store)))
          }
          return entries
        })
    }

    groups.api.get("recordings/:sha") { _, context -> Response in
      let sha = try context.recordingSHA256()
      return try .json(
        try await stores.read { store in
          let detail = try await RecordingPageData.read(sha256: sha, audit: nil, from: store).detail
          return RecordingDetailEntry(
            detail: detail, mediaUrl: "/media/\(sha)",
            captionUrls: try await Self.captionURLs(sha: sha, store: store))
        })
    }

    groups.api.get("search") { request, _ -> Response in
      guard let text = request.query("q") else {
        throw WebError.badRequest("say what to search for: ?q=words")
      }
      let query = SearchPage.Query(
        text: text, component: request.query("component"), platform: try request.platform(),
        kind: try request.query("kind").map(Self.searchKind))
      return try .json(
        try await stores.cachedRead(query.cacheKey) { try await PageRoutes.search(query, in: $0) })
    }

    groups.api.get("history") { request, _ -> Response in
      let subject = request.query("subject")
      return try .json(try await stores.read { try await $0.history(subject, audit: nil) })
    }

    groups.api.get("history/chain") { _, _ -> Response in
      try .json(try await stores.read { try await $0.verifyAuditChain() })
    }

    groups.api.post("links") { request, context -> Response in
      let auditor = try context.auditor()
      let body = try await Self.decode(LinkBody.self, from: request, context: context)
      let linkRequest = try JudgingRoutes.linkRequest(
        recording: body.recording, item: body.item, verdict: body.verdict, from: body.from.map { String($0) },
        to: body.to.map { String($0) }, note: body.note ?? "", auditor: auditor,
        otherPlatform: body.otherPlatform ?? false, otherComponent: body.otherComponent ?? false,
        audit: body.audit ?? context.visitor.audit)
      return try .json(try await stores.write { try await $0.link(linkRequest) })
    }

    groups.api.post("links/:id/retract") { request, context -> Response in
      let auditor = try context.auditor()
      guard let id = context.parameters.get("id", as: Int64.self) else {
        throw WebError.notFound("there is no such link")
      }
      let body = try await Self.decode(RetractBody.self, from: request, context: context)
      return try .json(
        try await JudgingRoutes.retract(id, reason: body.reason, auditor: auditor, stores: stores))
    }
  }

  /// A search kind from its name.
  /// - Throws: ``WebError`` (400).
  static func searchKind(_ text: String) throws -> SearchKind {
    guard let kind = SearchKind(rawValue: text) else {
      throw WebError.badRequest(
        "\(text) is not a kind: use \(SearchKind.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return kind
  }

  static func captionURLs(sha: String, store: any CatalogueStorage) async throws -> [RecordingEntry.Caption] {
    try await store.captionFiles(sha256: sha).enumerated().map { index, file in
      RecordingEntry.Caption(url: "/media/\(sha)/captions/\(index).vtt", language: file.language)
    }
  }

  /// A JSON body with snake_case keys.
  /// - Throws: ``WebError`` (400) naming what is wrong with it.
  static func decode<T: Decodable>(_ type: T.Type, from request: Request, context: ExhibitRequestContext)
    async throws -> T
  {
    var request = request
    let buffer = try await request.collectBody(upTo: context.maxUploadSize)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    do {
      return try decoder.decode(T.self, from: Data(buffer.readableBytesView))
    } catch DecodingError.keyNotFound(let key, _) {
      throw WebError.badRequest("the JSON body has no \(key.stringValue)")
    } catch DecodingError.typeMismatch(_, let context) {
      throw WebError.badRequest(
        "the JSON body's \(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type")
    } catch {
      throw WebError.badRequest("the body is not a JSON object")
    }
  }
}
