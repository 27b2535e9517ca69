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
}
