import ExhibitKit
import ExhibitModel
import Foundation
import Testing

/// The audits and links seams, the same requests on SQLite and on PostgreSQL: products, an audit,
/// links to a video segment, a screenshot and an observation, the refusals (a screenshot with a
/// time, an unknown item, a segment past the end, a closed audit), retractions, coverage and
/// progress, a retest that carries verdicts and a confirmation, a criteria revision that carries
/// links forward, and a recording's detail with its links. Both backends must answer every step
/// alike, times aside, and record the same audit events; the facts each step names are checked too.
@Suite(.serialized) struct LinkContractTests {
  /// The sample media, where both backends catalogue it from.
  static let media = repositoryRoot.appendingPathComponent("Media").path
  static let checkbox = ComponentID(family: .native, slug: "checkbox")
  static let voiceOver = repositoryRoot.appendingPathComponent("Media/native/checkbox/checkboxVoiceOver.webm")
    .path
  static let screenshot = repositoryRoot.appendingPathComponent(
    "Media/native/checkbox/checkbox_iOS_TextSize200.png"
  ).path

  /// What one backend answered, step by step, and its audit trail.
  struct Answers: Equatable, Sendable {
    var steps: [String] = []
    var events: [String] = []
    var chainValid = false
  }

  /// The checkbox document with two items' expectations reworded, read from the same path: a new
  /// revision in which every other item is unchanged.
  static func revisedCheckbox() throws -> CriteriaDocument {
    let url = repositoryRoot.appendingPathComponent("Criteria/native/controls/checkbox.md")
    let original = try String(contentsOf: url, encoding: .utf8)
    let revised = original.replacingOccurrences(of: "Focus", with: "Keyboard focus")
    #expect(revised != original)
    let outcome = try CriteriaParser().parse(bytes: Array(revised.utf8), path: url.path)
    guard case .document(let document) = outcome else { throw CancellationError() }
    return document
  }

  // Long: one sequence, step by step, so both backends see exactly the same.
  static func answers(_ backend: Backend) async throws -> Answers {
    let documents = try ["Criteria/native/controls/checkbox.md", "Criteria/web/component/checkbox.md"].map(
      criteriaDocument)
    let revised = try revisedCheckbox()
    return try await withEmptyCatalogue(backend) { catalogue in
      var answers = Answers()
      func step(_ name: String, _ body: () async throws -> String) async {
        do {
          answers.steps.append("\(name): \(try await body())")
        } catch {
          answers.steps.append("\(name): refused: \(timeless("\(error)"))")
        }
      }
      func link(
        _ recording: String?, _ item: String, _ verdict: Verdict, from: Double? = nil, to: Double? = nil
      )
        -> LinkRequest
      {
        LinkRequest(
          recording: recording, item: item, verdict: verdict, from: from, to: to, auditor: "Ana",
          note: "seen",
          overridePlatform: false, overrideComponent: false, audit: nil, environment: LinkEnvironment())
      }
      _ = try await catalogue.importCriteria(documents, actor: "Ana")
      _ = try await catalogue.catalogueRecordings(
        CatalogueScope(paths: [media]), actor: "Ana", batchSize: 8, storage: nil, progress: nil)
      await step("product") {
        try normalized(
          try await catalogue.addProduct(
            name: "Acme App", platforms: [.ios, .android], url: nil, actor: "Ana"))
      }
      await step("same product in other case") {
        try normalized(
          try await catalogue.addProduct(name: "acme APP", platforms: [], url: nil, actor: "Ana"))
      }
      await step("audit") {
        let opened = try await catalogue.newAudit(
          product: "Acme App", release: "1.0", from: nil, scope: [], platforms: [], actor: "Ana")
        return try normalized(opened.audit) + " carried \(opened.carried)"
      }
      await step("segment") {
        try normalized(
          try await catalogue.link(
            link(voiceOver, "native/checkbox#screenreader.role", .pass, from: 1, to: 3)))
      }
      await step("segment again") {
        try normalized(
          try await catalogue.link(
            link(voiceOver, "native/checkbox#screenreader.role", .pass, from: 1, to: 3)))
      }
      await step("whole recording") {
        try normalized(try await catalogue.link(link(voiceOver, "native/checkbox#keyboard.spacebar", .fail)))
      }
      await step("item reworded later") {
        try normalized(
          try await catalogue.link(
            link(voiceOver, "native/checkbox#keyboard.tab-arrow-keys-or-ctl-tab", .pass)))
      }
      await step("screenshot with a time") {
        try normalized(
          try await catalogue.link(
            link(screenshot, "native/checkbox#settings.text-resize", .pass, from: 1, to: 2)))
      }
      await step("screenshot") {
        try normalized(
          try await catalogue.link(link(screenshot, "native/checkbox#settings.text-resize", .pass)))
      }
      await step("observation without a screen reader") {
        var request = link(nil, "native/checkbox#screenreader.state", .fail)
        request.observedPlatform = .android
        return try normalized(try await catalogue.link(request))
      }
      await step("observation") {
        var request = link(nil, "native/checkbox#screenreader.state", .fail)
        request.observedPlatform = .android
        request.observedAssistiveTech = .talkback
        return try normalized(try await catalogue.link(request))
      }
      await step("unknown item") {
        try normalized(try await catalogue.link(link(voiceOver, "native/checkbox#nothing", .pass)))
      }
      await step("past the end") {
        try normalized(
          try await catalogue.link(
            link(voiceOver, "native/checkbox#screenreader.role", .pass, from: 1, to: 30)))
      }
      await step("unlink") {
        try normalized(try await catalogue.unlink(4, reason: "wrong item", actor: "Bo", audit: nil))
      }
      await step("unlink again") {
        try normalized(try await catalogue.unlink(4, reason: "wrong item", actor: "Bo", audit: nil))
      }
      await step("unlink for another reason") {
        try normalized(try await catalogue.unlink(4, reason: "another", actor: "Bo", audit: nil))
      }
      await step("coverage") {
        try normalized(try await catalogue.coverage(checkbox, platform: nil, audit: nil))
      }
      await step("progress") { try normalized(try await catalogue.auditProgress(nil)) }
      // A revision rewording one item: the links of the others move to it, that one's stays.
      await step("revision") {
        "\(try await catalogue.importCriteria([revised], actor: "Ana"))"
      }
      await step("stale") {
        try await catalogue.criteriaDocuments(component: checkbox, platform: nil).map(listingLine).joined(
          separator: "\n")
      }
      await step("close") { try normalized(try await catalogue.closeAudit("1", actor: "Ana")) }
      await step("link into a closed audit") {
        try normalized(try await catalogue.link(link(voiceOver, "native/checkbox#screenreader.group", .pass)))
      }
      await step("retest") {
        let opened = try await catalogue.newAudit(
          product: "acme app", release: "1.1", from: "Acme App@1.0", scope: ["native/checkbox"],
          platforms: [.ios], actor: "Ana")
        return try normalized(opened.audit) + " carried \(opened.carried)"
      }
      await step("use") { try normalized(try await catalogue.useAudit("2")) }
      await step("confirm") {
        try normalized(
          try await catalogue.confirmCarried(
            "native/checkbox#screenreader.role", audit: nil, column: CarriedColumn(), note: "again",
            actor: "Bo"))
      }
      await step("confirm nothing carried") {
        try normalized(
          try await catalogue.confirmCarried(
            "native/checkbox#gestures.swipe", audit: nil, column: CarriedColumn(), note: nil, actor: "Bo"))
      }
      await step("rename") {
        try normalized(try await catalogue.renameAudit("2", product: nil, release: "1.1.1", actor: "Ana"))
      }
      await step("scope") {
        try normalized(
          try await catalogue.setAuditScope("2", scope: [], platforms: [.ios, .android], actor: "Ana"))
      }
      await step("in use") { "\(try await catalogue.auditInUse() ?? 0)" }
      await step("current") { try normalized(try await catalogue.currentAudit(nil)) }
      await step("audits") { try normalized(try await catalogue.audits(product: "ACME app")) }
      await step("products") { try normalized(try await catalogue.products()) }
      await step("retest coverage") {
        try normalized(try await catalogue.coverage(checkbox, platform: .ios, audit: "2"))
      }
      await step("first round's coverage") {
        try normalized(try await catalogue.coverage(checkbox, platform: nil, audit: "Acme App@1.0"))
      }
      await step("detail") {
        try normalized(try await catalogue.recordingDetail(voiceOver, currentDirectory: "/").links)
      }
      answers.events = try await auditLines(of: catalogue).map(timeless)
      answers.chainValid = try await catalogue.verifyAuditChain().problems.isEmpty
      return answers
    }
  }

  @Test func bothBackendsAnswerAlike() async throws {
    let sqlite = try await Self.answers(.sqlite)
    let postgres = try await Self.answers(.postgres)
    #expect(sqlite.steps.count == postgres.steps.count)
    for (mine, theirs) in zip(sqlite.steps, postgres.steps) { #expect(mine == theirs) }
    // Catalogue runs read files in parallel; every other event comes in one order on both.
    #expect(unorderedEvents(sqlite.events) == unorderedEvents(postgres.events))
    let sequential = { (events: [String]) in
      events.filter { !$0.contains(" recording.") && !$0.contains(" caption.") }
        .map { $0.drop { $0 != " " } }
    }
    #expect(sequential(sqlite.events) == sequential(postgres.events))
    #expect(sqlite.chainValid && postgres.chainValid)
  }

  @Test(arguments: Backend.allCases)
  func eachStepIsWhatWasAsked(_ backend: Backend) async throws {
    let answers = try await Self.answers(backend)
    let steps = Dictionary(
      answers.steps.map { line in
        let name = String(line.prefix { $0 != ":" })
        return (name, String(line.dropFirst(name.count + 2)))
      }, uniquingKeysWith: { first, _ in first })
    #expect(steps["same product in other case"]?.hasPrefix("refused:") == true)
    #expect(steps["segment"]?.contains(#""id":1"#) == true)
    #expect(steps["segment again"] == steps["segment"])
    #expect(steps["screenshot with a time"]?.contains("is a screenshot") == true)
    #expect(steps["observation without a screen reader"]?.contains("names no screen reader") == true)
    #expect(steps["observation"]?.contains(#""evidence":"observation""#) == true)
    #expect(steps["unknown item"]?.contains("no such criteria item") == true)
    #expect(steps["past the end"]?.contains("outside the recording") == true)
    #expect(steps["unlink"]?.contains(#""retractedBy":"Bo""#) == true)
    #expect(steps["unlink again"] == steps["unlink"])
    #expect(steps["unlink for another reason"]?.contains("already retracted") == true)
    #expect(steps["link into a closed audit"]?.contains("is closed") == true)
    #expect(steps["retest"]?.hasSuffix("carried 4") == true, "\(steps["retest"] ?? "")")
    #expect(steps["confirm"]?.contains(#""confirmedFrom""#) == true)
    #expect(steps["confirm nothing carried"]?.hasPrefix("refused:") == true)
    #expect(steps["rename"]?.contains(#""release":"1.1.1""#) == true)
    #expect(steps["in use"] == "2")
    // The reworded item's link stays with revision 1, stale; the others moved to revision 2.
    #expect(
      steps["stale"]?.contains("r2") == true && steps["stale"]?.contains("stale=1") == true,
      "\(steps["stale"] ?? "")")
    let actions = answers.events.map { $0.split(separator: " ")[2] }
    #expect(actions.filter { $0 == "link.create" }.count == 5)
    #expect(
      actions.contains("link.retract") && actions.contains("link.carry") && actions.contains("link.confirm"))
    #expect(
      actions.contains("audit.close") && actions.contains("audit.rename") && actions.contains("audit.scope"))
    #expect(answers.chainValid)
  }
}
