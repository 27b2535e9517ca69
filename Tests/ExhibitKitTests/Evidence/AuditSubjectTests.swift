import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// History finds events through `audit_subject`, kept by the transaction that appends an event.
@Suite struct AuditSubjectTests {
  @Test func anEventIsIndexedUnderWhatItTouches() {
    let subjects = AuditSubjects.of(
      subject: "link:3", before: nil,
      after: #"{"item":"native/checkbox#screenreader.role","recording":"abc","verdict":"pass"}"#)
    #expect(
      subjects == [
        "link:3", "item:native/checkbox#screenreader.role", "item-component:native/checkbox",
        "linked-recording:abc",
      ])
    #expect(
      AuditSubjects.of(subject: "native/checkbox", before: nil, after: "not json") == ["native/checkbox"])
  }

  @Test func historyReadsTheIndexAndVerifyChecksIt() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    let link = try workspace.store.link(
      LinkRequest(
        recording: workspace.path(SampleWorkspace.voiceOver), item: SampleWorkspace.role, verdict: .pass,
        auditor: "ana"))
    let event = try #require(try workspace.store.history(SampleWorkspace.role).last)
    #expect(event.subject == "link:\(link.id)")
    #expect(try workspace.store.history("native/checkbox").contains(event))
    #expect(try workspace.store.verifyWorkspace().problems == [])

    // The index is what history reads: an entry removed behind Exhibit's back hides the event
    // from the item's history, and verify names it.
    let connection = try Connection(path: workspace.store.path, mode: .readWrite)
    try connection.execute(
      """
      DROP TRIGGER audit_subject_no_delete;
      DELETE FROM audit_subject WHERE event_id = \(event.id) AND subject LIKE 'item:%';
      """)
    try connection.close()
    #expect(try workspace.store.history(SampleWorkspace.role).contains(event) == false)
    let problems = try workspace.store.verifyWorkspace().problems
    #expect(problems.map(\.path) == ["audit_subject:\(event.id)"])
  }
}
