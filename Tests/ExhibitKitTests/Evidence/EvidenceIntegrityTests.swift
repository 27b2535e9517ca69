import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// Evidence that cannot be wrong: guides never replace criteria, links match their component,
/// unchanged items keep their verdicts across revisions, and a vanished or changed recording
/// counts for nothing until it is resolved. On the sample recordings and a real database.
@Suite struct EvidenceIntegrityTests {
  typealias Workspace = SampleWorkspace
  static let role = "native/checkbox#screenreader.role"
  static let state = "native/checkbox#screenreader.state"

  static func sample(editing edit: (String) -> String = { $0 }) throws -> CriteriaDocument {
    let url = CriteriaFixtures.sampleMarkdown
    let text = edit(try String(contentsOf: url, encoding: .utf8))
    guard case .document(let document) = try CriteriaParser().parse(bytes: Array(text.utf8), path: url.path)
    else { throw CriteriaParseError(path: url.path, line: 0, reason: "not a document") }
    return document
  }

  static func link(_ workspace: Workspace, _ item: String, _ verdict: Verdict, file: String) -> LinkRequest {
    LinkRequest(recording: workspace.path(file), item: item, verdict: verdict, auditor: "ana")
  }

  @Test func aDocumentWithoutCriteriaIsAlwaysSkippedTheSameWay() throws {
    let notesOnly =
      "## iOS Developer Notes\n\n### Role\n\n- Use a UIButton\n\n## Gherkin\n\n1. Test\n    - WHEN I tab\n"
    let guide =
      "# Keyboard and focus\n\nHow to test a button with a keyboard.\n\n## Links and buttons\n\n- Tab to it\n"
    for (text, path) in [
      (notesOnly, "/docs/native/controls/button.md"), (guide, "/docs/how-to-test/button.md"),
    ] {
      let outcome = try CriteriaParser().parse(bytes: Array(text.utf8), path: path)
      #expect(outcome == .skipped(path: path, reason: CriteriaParser.notCriteria))
    }
  }

  @Test func anEmptyRevisionNeverReplacesOneWithItems() async throws {
    let workspace = try Workspace()
    _ = try workspace.store.importCriteria([try Self.sample()], actor: "t")
    let emptied = try Self.sample { text in
      text.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !($0.hasPrefix("   - ") || $0.hasPrefix("   * ")) }.joined(separator: "\n")
    }
    #expect(emptied.items.isEmpty)
    let outcomes = try workspace.store.importCriteria([emptied], actor: "t")
    guard case .refused(let component, _, let reason) = outcomes.first else {
      Issue.record("expected a refusal, got \(outcomes)")
      return
    }
    #expect(component == "native/checkbox")
    #expect(reason.contains("revision 1"))
    let documents = try workspace.store.criteriaDocuments()
    #expect(documents.map(\.revision) == [1])
    #expect(documents.first?.itemCount == 10)
  }

  @Test func aRecordingOfAnotherComponentNeedsAnOverride() async throws {
    let workspace = try Workspace()
    _ = try workspace.store.importCriteria(
      [try Self.sample(), try CriteriaFixtures.document(CriteriaFixtures.sampleWeb)], actor: "t")
    _ = try await workspace.catalogue()
    var request = Self.link(
      workspace, "web/checkbox#screenreader.role", .pass, file: SampleWorkspace.voiceOver)
    #expect(throws: EvidenceError.self) { try workspace.store.link(request) }
    do {
      try workspace.store.link(request)
    } catch let error as EvidenceError {
      #expect("\(error)".contains("native/checkbox"))
      #expect("\(error)".contains("--other-component"))
    }
    #expect(
      try workspace.store.coverage("web/checkbox").items.allSatisfy { $0.cells.allSatisfy { $0.links == 0 } })
    request.overrideComponent = true
    let link = try workspace.store.link(request)
    #expect(link.componentOverride)
    let event = try #require(try workspace.store.history("web/checkbox#screenreader.role").last)
    #expect(event.after?.contains("\"component_override\":\"true\"") == true)
    // The override is one of the fields a link can never change.
    #expect(throws: SQLiteError.self) {
      try workspace.store.connection.execute(
        "UPDATE evidence_link SET component_override = 0 WHERE id = ?", [link.id])
    }
    // Behind the trigger's back (NOT NULL still holds), a flag that is neither 0 nor 1 is named,
    // never read as false.
    for (forged, shown) in [("2", "2"), ("'yes'", "yes")] {
      try workspace.store.connection.execute(
        """
        DROP TRIGGER IF EXISTS evidence_link_retract_only;
        PRAGMA ignore_check_constraints = ON;
        UPDATE evidence_link SET platform_override = \(forged) WHERE id = \(link.id);
        """)
      let report = try workspace.store.verifyWorkspace()
      #expect(
        report.problems.contains {
          $0.path == "evidence_link:\(link.id)"
            && $0.problem.contains("its platform_override is \(shown), not 0 or 1")
        }, "\(report.problems)")
    }
  }

  @Test func linksOfUnchangedItemsAreCarriedForwardAndOnlyChangedOnesGoStale() async throws {
    let workspace = try Workspace()
    _ = try workspace.store.importCriteria([try Self.sample()], actor: "t")
    _ = try await workspace.catalogue()
    let role = try workspace.store.link(
      LinkRequest(
        recording: workspace.path(SampleWorkspace.voiceOver), item: Self.role, verdict: .pass, from: 0.4,
        to: 2,
        auditor: "ana", note: "says checkbox"))
    let state = try workspace.store.link(
      Self.link(workspace, Self.state, .fail, file: SampleWorkspace.voiceOver))
    let revised = try Self.sample {
      $0.replacingOccurrences(of: "   - State:", with: "   - State: Says dimmed when disabled;")
    }
    #expect(
      try workspace.store.importCriteria([revised], actor: "bo").first.map {
        if case .imported(_, _, let revision, _) = $0 { revision == 2 } else { false }
      } == true)

    let coverage = try workspace.store.coverage("native/checkbox")
    #expect(coverage.revision == 2)
    let roleItem = try #require(coverage.items.first { $0.key == Self.role })
    #expect(roleItem.cells.first { $0.platform == .ios }?.verdict == .pass)
    #expect(roleItem.cells.first { $0.platform == .ios }?.segments.first?.fromSeconds == 0.4)
    #expect(coverage.stale.map(\.link) == [state.id])
    let carried = try #require(
      coverage.items.first { $0.key == Self.role }?.cells.first?.segments.first?.link)
    #expect(carried != role.id)
    let moved = try workspace.store.evidenceLink(carried)
    #expect(
      moved.revision == 2 && moved.verdict == .pass && moved.auditor == "ana" && moved.note == "says checkbox"
    )
    #expect(moved.createdAt == role.createdAt)
    #expect(try workspace.store.evidenceLink(role.id).retractionReason?.contains("carried forward") == true)
    let event = try #require(try workspace.store.history(Self.role).last)
    #expect(event.action == "link.carry" && event.actor == "bo")
    #expect(try workspace.store.verifyAuditChain().valid)
    #expect(try workspace.store.verifyWorkspace().problems == [])
  }

  @Test func aMissingOrChangedRecordingCountsForNothingAndSaysHowToResolveIt() async throws {
    let workspace = try Workspace()
    _ = try workspace.store.importCriteria([try Self.sample()], actor: "t")
    _ = try await workspace.catalogue()
    let link = try workspace.store.link(
      Self.link(workspace, Self.role, .pass, file: SampleWorkspace.voiceOver))
    let recording = workspace.path(SampleWorkspace.voiceOver)
    let original = try Data(contentsOf: URL(fileURLWithPath: recording))

    // Changed: the path now holds other bytes.
    try Data(contentsOf: URL(fileURLWithPath: workspace.path(SampleWorkspace.talkBack)))
      .write(to: URL(fileURLWithPath: recording))
    _ = try await workspace.catalogue()
    var coverage = try workspace.store.coverage("native/checkbox")
    #expect(coverage.unavailable.map(\.state) == [.changed])
    #expect(coverage.unavailable.first?.link == link.id)
    #expect(coverage.unavailable.first?.advice.contains("exhibit unlink \(link.id)") == true)
    #expect(coverage.items.first { $0.key == Self.role }?.gapPlatforms.contains(.ios) == true)
    #expect(throws: BundleError.self) {
      try workspace.store.bundleContents(component: "native/checkbox", platform: .ios, date: "2026-11-22")
    }

    // Missing: no file is left.
    try original.write(to: URL(fileURLWithPath: recording))
    _ = try await workspace.catalogue()
    #expect(try workspace.store.coverage("native/checkbox").unavailable.isEmpty)
    try FileManager.default.removeItem(atPath: recording)
    _ = try await workspace.catalogue()
    coverage = try workspace.store.coverage("native/checkbox")
    #expect(coverage.unavailable.map(\.state) == [.missing])
    do {
      _ = try workspace.store.bundleContents(component: "native/checkbox", platform: .ios, date: "2026-11-22")
      Issue.record("a bundle was made over a missing recording")
    } catch let error as BundleError {
      #expect("\(error)".contains("link \(link.id)"))
      #expect("\(error)".contains("exhibit catalog"))
    }
  }

  @Test func oneSuggestionThatCannotBeLinkedLeavesTheOthersRecorded() async throws {
    let workspace = try Workspace()
    _ = try workspace.store.importCriteria([try Self.sample()], actor: "t")
    _ = try await workspace.catalogue()
    let suggestions = try workspace.store.suggestions(component: "native/checkbox")
    #expect(suggestions.count >= 2)
    var broken = suggestions[0]
    broken = Suggestion(
      recording: broken.recording, item: broken.item,
      fromSeconds: 90,
      toSeconds: 91, reason: broken.reason, confidence: broken.confidence, captionFile: broken.captionFile)
    let accepted = try workspace.store.accept([broken] + suggestions.dropFirst(), auditor: "ana")
    #expect(accepted[0].refusal?.contains("outside the recording") == true && accepted[0].acceptedLink == nil)
    #expect(accepted.dropFirst().allSatisfy { $0.acceptedLink != nil && $0.refusal == nil })
    #expect(try workspace.store.verifyWorkspace().problems == [])
  }
}
