import ExhibitTestServers
import Foundation
import Testing

/// `exhibit verify` on a PostgreSQL catalogue: the chain and every table it records, as on SQLite,
/// so a change made behind the application's back (by the schema's owner or a superuser, whom
/// the table rights do not stop) is named.
@Suite(.serialized, TeamCatalogue.once) struct ServerCatalogueVerifyTests {
  @Test func verifyNamesAnItemChangedBehindTheTrail() throws {
    let (workspace, server, database) = try ServerCatalogues.workspace(role: "exhibit_owner")
    #expect(try workspace.run("init", "--grant", "exhibit_app").status == 0)
    let imported = try workspace.run(
      "criteria", "import", CLIWorkspace.repository.appendingPathComponent("Criteria").path)
    #expect(imported.status == 0, "\(imported.stderr)")
    let clean = try workspace.run("verify", "--json")
    #expect(clean.status == 0, "\(clean.stderr)")
    let report = try #require(try clean.json() as? [String: Any])
    #expect(report["events"] as? Int == 3)
    #expect((report["problems"] as? [Any])?.isEmpty == true)
    let text = try workspace.run("verify")
    #expect(
      text.stdout.hasPrefix(
        "audit chain valid: 3 events, newest hash \(report["head_hash"] as? String ?? "?")"))

    // A superuser rewrites an item's expectation: the trail still hashes, the tables do not agree.
    try server.psql(
      database: database,
      "UPDATE criteria_item SET expectation = 'Anything goes' WHERE key = 'native/checkbox#screenreader.role'"
    )
    let tampered = try workspace.run("verify")
    #expect(tampered.status == 1)
    #expect(
      tampered.stderr.contains(
        "native/checkbox#screenreader.role: its label, expectation, section, platforms, not-applicable or notes "
          + "differ from what its criteria event records"), "\(tampered.stderr)")
  }

  /// The application's role, which every server signs in as, writes the registry only through
  /// audited paths: column rights refuse the columns no command updates, and triggers refuse a
  /// mapping row, a decided level, an author or an audit change without the event that records
  /// it, and any change to a closed audit.
  @Test func theApplicationsRoleWritesTheRegistryOnlyThroughAuditedPaths() throws {
    let server = try ServerCatalogues.cluster.get()
    let (workspace, database) = try ServerCatalogues.withMedia(on: server)
    for arguments in [
      ["catalog"], ["product", "add", "Acme App", "--platform", "ios"],
      ["audit", "new", "Acme App", "--release", "1.0"],
      [
        "link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.role", "--verdict", "fail", "--from",
        "1", "--to", "2",
      ],
      [
        "wcag", "map", "native/checkbox#keyboard.spacebar", "2.1.1", "--relation", "necessary", "--reason",
        "only way",
      ],
      ["acr", "author", "Nina Auditor <nina@example.org>"], ["audit", "close", "1"],
      ["audit", "new", "Acme App", "--release", "1.1", "--from", "1"],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let attacks: [(sql: String, refusal: String)] = [
      (
        "INSERT INTO wcag_override (item_key, criterion, relation, reason, actor, created_at) "
          + "VALUES ('native/checkbox#screenreader.role', '2.1.1', 'none', 'x', 'mallory', 'now')",
        "a WCAG mapping row is written only with the wcag.map event that records it"
      ),
      (
        "INSERT INTO acr_decision (audit_id, criterion, component_type, level, remarks, actor, created_at) "
          + "VALUES (2, '4.1.2', 'software', 'supports', '', 'mallory', 'now')",
        "a decided level is written only with the acr.set event that records it"
      ),
      (
        "UPDATE audit SET platforms = 'android' WHERE id = 1",
        "a closed audit keeps its product, release, name and scope"
      ),
      (
        "UPDATE audit SET release = '9.9' WHERE id = 2",
        "an audit is written only with the audit events that record it"
      ),
      ("UPDATE audit SET from_audit_id = NULL WHERE id = 2", "permission denied"),
      ("UPDATE evidence_link SET verdict = 'pass'", "permission denied"),
      ("UPDATE product SET name = 'Other App'", "permission denied"),
      (
        "UPDATE conformance_setting SET value = 'Mallory <m@example.org>'",
        "the report's author is set only with the acr.author event that records it"
      ),
      (
        "INSERT INTO closed_audit_recording (audit_id, recording_id, platform) SELECT 1, id, 'android' FROM recording LIMIT 1",
        "what a closed audit was read against is recorded by its close"
      ),
      ("UPDATE closed_audit_recording SET platform = 'android'", "permission denied"),
    ]
    for (sql, refusal) in attacks {
      do {
        _ = try server.psql(database: database, "SET ROLE exhibit_app", sql)
        Issue.record("exhibit_app could: \(sql)")
      } catch {
        #expect("\(error)".contains(refusal), "\(sql): \(error)")
      }
    }
    let copy = try ServerCatalogues.verifiedCopy(workspace)
    #expect((copy["problems"] as? [Any])?.isEmpty == true)
  }
}
