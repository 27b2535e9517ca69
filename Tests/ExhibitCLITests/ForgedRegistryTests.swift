import Foundation
import Testing

/// The tables around the links changed behind the audit trail's back, with plain SQL (and, where
/// a trigger refuses it, with the trigger dropped): `exhibit verify` replays every table the trail
/// speaks for (products, audits, what a closed audit was read against, the WCAG mapping, decided
/// levels, the report's author, carried links) and names every row that differs; `bundle`
/// refuses to make a bag from them.
@Suite(TeamCatalogue.sqliteOnly) struct ForgedRegistryTests {
  /// The hand-worked conformance audit with a decided level, a mapping row and an author, closed,
  /// and a retest of it carrying its verdicts; verified clean.
  static func prepared() throws -> (CLIWorkspace, String) {
    let workspace = try CLIWorkspace.conformanceAudit()
    for arguments in [
      ["acr", "author", "Nina Auditor <nina@example.org>"],
      ["acr", "set", "1", "2.4.7", "partially-supports", "--component-type", "software"],
      [
        "wcag", "map", "native/checkbox#keyboard.spacebar", "2.1.1", "--relation", "necessary", "--reason",
        "the spacebar is the only way to toggle it",
      ],
      ["audit", "close", "1"], ["audit", "new", "Acme App", "--release", "1.1", "--from", "1"],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let clean = try workspace.run("verify")
    #expect(clean.status == 0, "\(clean.stderr)")
    return (workspace, workspace.path("Database/exhibit.sqlite"))
  }

  /// Each forgery and what `verify` says of it.
  static let forgeries: [(sql: String, named: String)] = [
    (
      """
      INSERT INTO wcag_override (item_key, criterion, relation, reason, actor, created_at)
      VALUES ('native/checkbox#screenreader.state', '2.1.1', 'none', 'no reason', 'mallory', '2026-01-01');
      """,
      "wcag_override:2: no wcag.map event records this row: it was inserted behind the audit trail"
    ),
    (
      "DROP TRIGGER wcag_override_append_only_update; UPDATE wcag_override SET relation = 'none';",
      "wcag_override:1: relation none, the audit trail records necessary"
    ),
    (
      """
      INSERT INTO acr_decision (audit_id, criterion, component_type, level, remarks, actor, created_at)
      VALUES (2, '4.1.2', 'software', 'supports', '', 'mallory', '2026-01-01');
      """,
      "acr_decision:2: no acr.set event records this row"
    ),
    (
      "DROP TRIGGER audit_closed_keeps_its_name; UPDATE audit SET platforms = 'android' WHERE id = 1;",
      "audit:1: platforms android, the audit trail records"
    ),
    (
      "DROP TRIGGER audit_closed_keeps_its_name; UPDATE audit SET release = '2.0', name = 'Acme App 2.0' WHERE id = 1;",
      "audit:1: release 2.0, the audit trail records 1.0; name Acme App 2.0, the audit trail records Acme App 1.0"
    ),
    (
      "UPDATE audit SET from_audit_id = NULL WHERE id = 2;",
      "audit:2: source audit none, the audit trail records 1"
    ),
    (
      "UPDATE product SET name = 'Other App';",
      "product:1: name Other App, the audit trail records Acme App"
    ),
    (
      "UPDATE conformance_setting SET value = 'Mallory <m@example.org>' WHERE name = 'author';",
      "conformance_setting:author: value Mallory <m@example.org>, the audit trail records Nina Auditor <nina@example.org>"
    ),
    (
      """
      DROP TRIGGER evidence_link_retract_only;
      UPDATE evidence_link SET carried_from = NULL WHERE audit_id = 2 AND id = (SELECT min(id) FROM evidence_link WHERE audit_id = 2);
      """,
      "carried from link none, the audit trail records"
    ),
    (
      """
      DROP TRIGGER evidence_link_retract_only;
      UPDATE evidence_link SET outside_scope = 1 WHERE id = (SELECT min(id) FROM evidence_link);
      """,
      "whether it is outside its audit's scope differs from the audit trail's"
    ),
    (
      "DROP TRIGGER closed_audit_recording_never_changed; UPDATE closed_audit_recording SET platform = 'android';",
      "closed_audit:1: what audit 1 was read against"
    ),
    (
      "DROP TRIGGER closed_audit_never_changed; UPDATE closed_audit SET wcag_override_through = 0;",
      "closed_audit:1: what audit 1 was read against"
    ),
  ]

  @Test(arguments: forgeries.indices) func aRowChangedBehindTheTrailIsNamed(_ index: Int) throws {
    let (workspace, database) = try Self.prepared()
    try Python.forge(database, Self.forgeries[index].sql)
    let result = try workspace.run("verify")
    #expect(result.status == 1)
    #expect(result.stderr.contains(Self.forgeries[index].named), "\(result.stderr)")
  }

  @Test func aBagIsNotMadeFromAForgedMappingRow() throws {
    let (workspace, database) = try Self.prepared()
    try Python.forge(database, Self.forgeries[0].sql)
    let bundled = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--audit", "1", "--out", workspace.path("bags"))
    #expect(bundled.status == 1)
    #expect(
      bundled.stderr.contains("wcag_override:2: no wcag.map event records this row"), "\(bundled.stderr)")
  }
}
