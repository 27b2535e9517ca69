import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// A damaged row is an error that names its table and column, never a plausible default: an
/// unreadable verdict must not become `untested`.
@Suite struct RowDecodingTests {
  @Test func aValueOfTheWrongKindNamesItsColumn() {
    let row = Row(
      columns: ["id", "verdict", "start_ms", "note"], values: [.text("7"), .text("bogus"), .real(1.5), .null])
    #expect(throws: RowDecodingError(column: "id", problem: "expected an integer, found text")) {
      try row.decode("id") as Int64
    }
    #expect(throws: RowDecodingError(column: "verdict", problem: "\"bogus\" is not a Verdict")) {
      try row.decode("verdict") as Verdict
    }
    #expect(throws: RowDecodingError(column: "start_ms", problem: "expected an integer, found the real 1.5"))
    {
      try row.decode("start_ms") as Int64?
    }
    #expect(throws: RowDecodingError(column: "note", problem: "expected text, found NULL")) {
      try row.decode("note") as String
    }
    #expect(throws: RowDecodingError(column: "missing", problem: "the query has no such column")) {
      try row.decode("missing") as String?
    }
    #expect((try? row.decode("note") as String?) == .some(nil))
  }

  @Test func theTableIsNamedWhenARecordReadsIt() {
    let error = RowDecodingError(
      table: "evidence_link", column: "verdict", problem: "\"bogus\" is not a Verdict")
    #expect(error.description.contains("column evidence_link.verdict: \"bogus\" is not a Verdict"))
    #expect(error.description.contains("exhibit verify"))
  }

  /// Writes into the workspace behind the store's back, past the triggers and checks, as
  /// someone with the file could.
  private func tamper(_ workspace: SampleWorkspace, _ sql: String) throws {
    let connection = try Connection(path: workspace.store.path, mode: .readWrite)
    try connection.execute("PRAGMA ignore_check_constraints = ON")
    try connection.execute(sql)
    try connection.close()
  }

  private func expectColumn<T>(_ table: String, _ column: String, _ body: () throws -> T) {
    do {
      _ = try body()
      Issue.record("a damaged \(table).\(column) was read as if it were sound")
    } catch let error as RowDecodingError {
      #expect(error.table == table && error.column == column, "\(error)")
    } catch {
      Issue.record("expected a RowDecodingError naming \(table).\(column), got \(error)")
    }
  }

  @Test func anUnreadableVerdictIsAnErrorNotUntested() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    let link = try workspace.store.link(
      LinkRequest(
        recording: workspace.path(SampleWorkspace.voiceOver), item: SampleWorkspace.role, verdict: .fail,
        auditor: "ana"))
    try tamper(
      workspace,
      "DROP TRIGGER evidence_link_retract_only; UPDATE evidence_link SET verdict = 'bogus' WHERE id = \(link.id)"
    )
    expectColumn("evidence_link", "verdict") { try workspace.store.coverage("native/checkbox") }
    expectColumn("evidence_link", "verdict") { try workspace.store.evidenceLink(link.id) }
    expectColumn("evidence_link", "verdict") {
      try workspace.store.bundleContents(component: "native/checkbox", platform: .ios, date: "2026-11-23")
    }
  }

  @Test func damagedCriteriaAndRecordingRowsNameTheirColumns() async throws {
    let workspace = try await SampleWorkspace.catalogued()
    try tamper(
      workspace, "UPDATE criteria_item SET platforms = 'ios,mars' WHERE key = '\(SampleWorkspace.role)'")
    expectColumn("criteria_item", "platforms") { try workspace.store.componentCriteria("native/checkbox") }
    try tamper(
      workspace, "UPDATE criteria_item SET platforms = 'ios' ; UPDATE criteria_item SET section = 'bogus'")
    expectColumn("criteria_item", "section") { try workspace.store.componentCriteria("native/checkbox") }
    try tamper(workspace, "UPDATE criteria_document SET revision = 'two'")
    expectColumn("criteria_document", "revision") { try workspace.store.criteriaDocuments() }

    let id = try workspace.store.resolveRecording(workspace.path(SampleWorkspace.voiceOver))
    try tamper(workspace, "UPDATE recording SET tags = 'not json' WHERE id = \(id)")
    expectColumn("recording", "tags") { try workspace.store.recordingDetail(id: id) }
    try tamper(workspace, "UPDATE recording SET tags = '{}', status = 'fine' WHERE id = \(id)")
    expectColumn("recording", "status") { try workspace.store.recordings() }
  }
}
