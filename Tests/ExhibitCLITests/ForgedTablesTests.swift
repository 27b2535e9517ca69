import Foundation
import Testing

/// Evidence changed in the tables behind the audit trail's back (with its triggers dropped, or
/// without), which the chain's own hashes cannot see: `exhibit verify` replays the trail and
/// names every row that disagrees, and runs SQLite's integrity check.
@Suite(TeamCatalogue.sqliteOnly) struct ForgedTablesTests {
  /// A workspace with a fail and a pass linked, and its database path.
  static func prepared() throws -> (CLIWorkspace, String) {
    let workspace = try CLIWorkspace.catalogued()
    for (item, verdict) in [("screenreader.role", "fail"), ("screenreader.name", "pass")] {
      let result = try workspace.run(
        "link", CLIWorkspace.voiceOver, "native/checkbox#\(item)", "--verdict", verdict, "--from",
        "0.4",
        "--to", "2")
      #expect(result.status == 0, "\(result.stderr)")
    }
    #expect(try workspace.run("verify").status == 0)
    return (workspace, workspace.path("Database/exhibit.sqlite"))
  }

  static let dropTriggers = """
    DROP TRIGGER evidence_link_retract_only; DROP TRIGGER evidence_link_retracted_with_audit;
    """

  @Test func aFlippedVerdictIsNamed() throws {
    let (workspace, database) = try Self.prepared()
    try Python.forge(database, Self.dropTriggers + "UPDATE evidence_link SET verdict = 'pass' WHERE id = 1;")
    let result = try workspace.run("verify")
    #expect(result.status == 1)
    #expect(result.stderr.contains("evidence_link:1: verdict pass, the audit trail records fail"))
    #expect(!result.stdout.contains("audit chain valid"))
  }

  @Test func aLinkInsertedBehindTheTrailIsNamed() throws {
    let (workspace, database) = try Self.prepared()
    try Python.forge(
      database,
      """
      INSERT INTO evidence_link (recording_id, item_id, verdict, auditor, created_at, audit_id)
      SELECT recording_id, item_id, 'pass', 'mallory', created_at, audit_id FROM evidence_link WHERE id = 1;
      """)
    let result = try workspace.run("verify", "--json")
    #expect(result.status == 1)
    let report = try #require(try result.json() as? [String: Any])
    let problems = try #require(report["problems"] as? [[String: Any]])
    #expect(
      problems.contains {
        $0["path"] as? String == "evidence_link:3" && ($0["problem"] as? String)?.contains("inserted") == true
      })
  }

  @Test func aSilentRetractionIsRefusedAndWithTheTriggerDroppedNamed() throws {
    let (workspace, database) = try Self.prepared()
    let refused = try Python.run(
      "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(\"UPDATE evidence_link SET retracted_at = 'now' WHERE id = 1\"); c.commit()",
      [database])
    #expect(refused.0 != 0 && refused.1.contains("retracted only with its audit event"))
    try Python.forge(
      database, Self.dropTriggers + "UPDATE evidence_link SET retracted_at = 'now' WHERE id = 1;")
    let result = try workspace.run("verify")
    #expect(
      result.status == 1
        && result.stderr.contains("evidence_link:1: it is retracted, but no link.retract event says so"))
  }

  @Test func aSwappedRevisionAndARehashedRecordingAreNamed() throws {
    let (workspace, database) = try Self.prepared()
    try Python.forge(
      database,
      """
      UPDATE criteria_document SET sha256 = '\(String(repeating: "b", count: 64))' WHERE id = 1;
      UPDATE recording SET sha256 = '\(String(repeating: "c", count: 64))' WHERE id = 1;
      """)
    let result = try workspace.run("verify")
    #expect(result.status == 1)
    #expect(
      result.stderr.contains(
        "criteria_document:1: its SHA-256 is not the one its criteria.import event records"))
    #expect(
      result.stderr.contains("recording:1: SHA-256 cccccccccccc…: no catalogue event records this recording"))
  }

  @Test func aDamagedIndexFailsTheIntegrityCheck() throws {
    let (workspace, database) = try Self.prepared()
    try Python.forge(
      database,
      """
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET rootpage = (SELECT rootpage FROM sqlite_schema WHERE name = 'criteria_item_by_key')
      WHERE name = 'recording_by_component';
      """)
    let result = try workspace.run("verify")
    #expect(result.status == 1 && result.stderr.contains("SQLite integrity check"))
  }
}
