import ExhibitKit
import ExhibitModel
import Foundation
import Testing

/// Search on SQLite (FTS5, bm25) and on PostgreSQL (tsvector, GIN) over the same criteria and
/// recordings (the sample media, and the corpus' when it is beside the repository): the same
/// hits as sets for the query language's every form and filter, the same refusals. The order may
/// differ, so the limit is set above every answer's size.
@Suite struct SearchContractTests {
  /// Queries in every form the language has, with filters.
  static let requests: [SearchRequest] = [
    SearchRequest("checkbox"), SearchRequest("checked"), SearchRequest("Checkboxes"),
    SearchRequest("announ*"), SearchRequest("\"double tap\""), SearchRequest("\"screen read*\""),
    SearchRequest("space OR swipe"), SearchRequest("checkbox NOT state"), SearchRequest("focus name role"),
    SearchRequest("tab OR arrow keys"), SearchRequest("aria-label"), SearchRequest("1.4.10"),
    SearchRequest("talkback", platform: .android), SearchRequest("voiceover", platform: .ios),
    SearchRequest("jaws", platform: .windows), SearchRequest("checkbox", component: "web/checkbox"),
    SearchRequest("state", component: "checkbox-native", platform: .ios),
    SearchRequest("checkbox", kinds: [.captions]), SearchRequest("NOT"), SearchRequest("select OR"),
    SearchRequest("\"double tap\"", kinds: [.captions]), SearchRequest("toggl*", kinds: [.captions]),
    SearchRequest("checked NOT not", kinds: [.captions]), SearchRequest("checkbox", kinds: [.recordings]),
    SearchRequest("checkbox", platform: .ios, kinds: [.captions]),
    SearchRequest("checked", component: "web/checkbox", kinds: [.captions]),
    SearchRequest("webm OR talkback", platform: .android, kinds: [.recordings]),
    // Phrases over cues, which PostgreSQL finds by their word pairs first.
    SearchRequest("\"not checked\"", kinds: [.captions]),
    SearchRequest("\"email me updates\"", kinds: [.captions]),
    SearchRequest("\"tap to\" tog*", kinds: [.captions]),
    SearchRequest("checkbox NOT \"double tap\"", kinds: [.captions]),
    SearchRequest("\"checked checkbox\" OR \"tap to\"", kinds: [.captions]),
    // Auditors' notes on live links, to recordings and observations alike (not retracted ones).
    SearchRequest("checkbox", kinds: [.notes]), SearchRequest("announ*", kinds: [.notes]),
    SearchRequest("\"double tap\"", kinds: [.notes]),
    SearchRequest("checkbox", kinds: [.notes], audit: "Acme@1"),
    SearchRequest("checkbox", platform: .android, kinds: [.notes]),
    SearchRequest("state", component: "native/checkbox", kinds: [.notes]),
    SearchRequest("withdrawn", kinds: [.notes]), SearchRequest("observed", kinds: [.notes]),
    SearchRequest("checkbox", audit: "Acme@2"),
  ].map {
    var request = $0
    request.limit = 10_000
    return request
  }

  /// A hit with what makes it that hit, not its score or snippet.
  static func identity(_ hit: SearchHit) -> String {
    "\(hit.kind) \(hit.source) \(hit.component?.description ?? "-") \(hit.item?.description ?? "-") "
      + "\(hit.platform?.rawValue ?? "-") \(hit.platforms.map(\.rawValue)) \(hit.title) "
      + "\(hit.recording?.path ?? "-") \(hit.assistiveTech ?? "-") \(hit.startSeconds ?? -1)-\(hit.endSeconds ?? -1)"
  }

  static func answers(_ backend: Backend) async throws -> [String: [String]] {
    let documents = try [
      "Criteria/native/controls/checkbox.md", "Criteria/legacy/native/checkbox.md",
      "Criteria/web/component/checkbox.md",
    ].map(criteriaDocument)
    let corpus =
      corpusDocuments.map { CriteriaFiles.read([$0.path], parser: CriteriaParser()).documents } ?? []
    return try await withEmptyCatalogue(backend) { catalogue in
      _ = try await catalogue.importCriteria(documents + corpus, actor: "Ana")
      let media =
        [repositoryRoot.appendingPathComponent("Media").path] + [corpusMedia?.path].compactMap { $0 }
      _ = try await catalogue.catalogueRecordings(
        CatalogueScope(paths: media), actor: "Ana", batchSize: 64, storage: nil, progress: nil)
      try await Self.linkWithNotes(catalogue)
      var answers: [String: [String]] = [:]
      for request in Self.requests {
        let key =
          "\(request.text) \(request.component ?? "") \(request.platform?.rawValue ?? "") \(request.kinds)"
          + (request.audit.map { " audit \($0)" } ?? "")
        do {
          let results = try await catalogue.search(request)
          answers[key] = results.hits.map(Self.identity).sorted()
          for hit in results.hits where hit.snippet.isEmpty || !hit.snippet.contains("[") {
            Issue.record("\(backend): \(key): a snippet marks no word: \(hit.snippet.debugDescription)")
          }
        } catch {
          answers[key] = ["\(error)"]
        }
      }
      for bad in [SearchRequest("..."), SearchRequest("checkbox", component: "nothing-here")] {
        do {
          _ = try await catalogue.search(bad)
          answers[bad.text] = ["found"]
        } catch {
          answers[bad.text + " " + (bad.component ?? "")] = ["\(error)"]
        }
      }
      return answers
    }
  }

  /// Two rounds of an audit with notes on their links: live ones, a retracted one and an
  /// observation's.
  static func linkWithNotes(_ catalogue: any ContractCatalogue) async throws {
    let checkbox = repositoryRoot.appendingPathComponent("Media/native/checkbox")
    let voiceOver = checkbox.appendingPathComponent("checkboxVoiceOver.webm").path
    let talkBack = checkbox.appendingPathComponent("checkbox_AndroidTalkback.webm").path
    func link(_ recording: String?, _ item: String, _ note: String) -> LinkRequest {
      var request = LinkRequest(
        recording: recording, item: "native/checkbox#\(item)", verdict: .pass, from: nil, to: nil,
        auditor: "Ana", note: note, overridePlatform: false, overrideComponent: false, audit: nil,
        environment: LinkEnvironment())
      if recording == nil {
        request.observedPlatform = .ios
        request.observedAssistiveTech = .voiceover
      }
      return request
    }
    _ = try await catalogue.addProduct(name: "Acme", platforms: [], url: nil, actor: "Ana")
    _ = try await catalogue.newAudit(
      product: "Acme", release: "1", from: nil, scope: [], platforms: [], actor: "Ana")
    _ = try await catalogue.link(link(voiceOver, "screenreader.role", "announces the checkbox role clearly"))
    _ = try await catalogue.link(link(talkBack, "gestures.doubletap", "double tap toggles the checkbox"))
    _ = try await catalogue.link(
      link(talkBack, "screenreader.state", "state is read after the checkbox name"))
    let withdrawn = try await catalogue.link(link(voiceOver, "screenreader.name", "withdrawn checkbox note"))
    _ = try await catalogue.unlink(withdrawn.id, reason: "wrong item", actor: "Ana", audit: nil)
    _ = try await catalogue.link(link(nil, "screenreader.group", "observed checkbox group"))
    _ = try await catalogue.newAudit(
      product: "Acme", release: "2", from: nil, scope: [], platforms: [], actor: "Ana")
    try await catalogue.useAudit("Acme@2")
    _ = try await catalogue.link(link(voiceOver, "screenreader.role", "second round: checkbox role again"))
  }

  @Test func bothBackendsFindTheSameHits() async throws {
    let sqlite = try await Self.answers(.sqlite)
    let postgres = try await Self.answers(.postgres)
    #expect(sqlite.keys.sorted() == postgres.keys.sorted())
    for key in sqlite.keys.sorted() where sqlite[key] != postgres[key] {
      let only = Set(sqlite[key] ?? []).symmetricDifference(postgres[key] ?? [])
      Issue.record(
        "\(key): SQLite \(sqlite[key]?.count ?? 0) hits, PostgreSQL \(postgres[key]?.count ?? 0); apart: \(only.sorted())"
      )
    }
    // The queries find something, so the comparison says something.
    #expect((sqlite["checkbox   []"]?.count ?? 0) > 5)
    #expect((sqlite["announ*   []"]?.count ?? 0) > 0)
    #expect((sqlite["\"double tap\"   []"]?.count ?? 0) > 0)
    #expect((sqlite["checkbox   [ExhibitKit.SearchKind.captions]"]?.count ?? 0) > 0)
    #expect((sqlite["\"double tap\"   [ExhibitKit.SearchKind.captions]"]?.count ?? 0) > 0)
    #expect((sqlite["checkbox   [ExhibitKit.SearchKind.recordings]"]?.count ?? 0) > 2)
    #expect((sqlite["\"not checked\"   [ExhibitKit.SearchKind.captions]"]?.count ?? 0) > 0)
    #expect((sqlite["\"tap to\" tog*   [ExhibitKit.SearchKind.captions]"]?.count ?? 0) > 0)
    #expect(sqlite["checkbox   [ExhibitKit.SearchKind.notes]"]?.count == 5)
    #expect(sqlite["withdrawn   [ExhibitKit.SearchKind.notes]"]?.isEmpty == true)
    // An observation's note is found, on the platform and with the screen reader it names.
    let observed = sqlite["observed   [ExhibitKit.SearchKind.notes]"] ?? []
    #expect(observed.count == 1 && observed.first?.contains(" ios [\"ios\"] ") == true, "\(observed)")
    #expect(observed.first?.hasSuffix("- voiceover -1.0--1.0") == true, "\(observed)")
  }
}
