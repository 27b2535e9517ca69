import ExhibitTestServers
import Foundation
import Testing

/// `exhibit migrate --to postgres://…` and `--from`: a workspace's catalogue to PostgreSQL and
/// back with its audits and links, every row and the chain's head kept, and a target that holds a
/// catalogue refused before anything is written.
@Suite(.serialized, TeamCatalogue.once) struct ServerCatalogueMigrateTests {
  @Test func aWorkspaceGoesToPostgresAndBackWithItsChain() throws {
    let (team, server, database) = try ServerCatalogues.workspace(role: "exhibit_owner")
    let owner = "postgres://exhibit_owner@127.0.0.1:\(server.port)/\(database)"
    let local = try CLIWorkspace()
    local.environment["PGPASSWORD"] = PostgresServer.password
    #expect(try local.run("init").status == 0)
    let imported = try local.run(
      "criteria", "import", CLIWorkspace.repository.appendingPathComponent("Criteria").path)
    #expect(imported.status == 0, "\(imported.stderr)")
    let catalogued = try local.run("catalog", CLIWorkspace.repository.appendingPathComponent("Media").path)
    #expect(catalogued.status == 0, "\(catalogued.stderr)")
    #expect(
      try local.run(
        "wcag", "map", "native/checkbox#screenreader.role", "1.3.1", "--relation", "related", "--reason",
        "Grouped."
      ).status == 0)
    // Audits and links, a closed round with a retracted link and a retest carrying its verdicts.
    let media = CLIWorkspace.repository.appendingPathComponent("Media/native/checkbox").path
    for arguments in [
      ["product", "add", "Acme App", "--platform", "ios,android"],
      ["audit", "new", "Acme App", "--release", "1.0"],
      [
        "link", "\(media)/checkboxVoiceOver.webm", "native/checkbox#screenreader.role", "--verdict", "pass",
        "--from", "1", "--to", "3",
      ],
      [
        "link", "\(media)/checkbox_AndroidTalkback.webm", "native/checkbox#screenreader.name", "--verdict",
        "fail",
      ],
      ["unlink", "2", "--reason", "wrong item"],
      [
        "link", "--observation", "native/checkbox#screenreader.state", "--verdict", "fail", "--note",
        "silent",
        "--platform", "android", "--screen-reader", "talkback",
      ],
      ["audit", "close", "1"],
      ["audit", "new", "Acme App", "--release", "1.1", "--from", "1"],
    ] {
      let ran = try local.run(arguments)
      #expect(ran.status == 0, "\(arguments): \(ran.stderr)")
    }
    let verified = try local.run("verify", "--json")
    let head = try #require((try verified.json() as? [String: Any])?["head_hash"] as? String)

    let migrated = try local.run("migrate", "--to", owner, "--json")
    #expect(migrated.status == 0, "\(migrated.stderr)")
    let report = try #require(try migrated.json() as? [String: Any])
    #expect(report["head_hash"] as? String == head)
    #expect(report["to"] as? String == owner)
    #expect((report["rows"] as? [String: Int])?["criteria_item"] ?? 0 > 10)
    #expect((report["rows"] as? [String: Int])?["recording"] == 4)
    #expect((report["rows"] as? [String: Int])?["caption_cue"] ?? 0 > 3)
    #expect((report["rows"] as? [String: Int])?["evidence_link"] == 5)
    #expect((report["rows"] as? [String: Int])?["audit"] == 2)
    let again = try local.run("migrate", "--to", owner)
    #expect(again.status == 1)
    #expect(again.stderr.contains("\(owner): already holds a catalogue"), "\(again.stderr)")

    // The team's catalogue lists what the workspace listed, and shows the workspace's WCAG row.
    #expect(try team.run("init", "--grant", "exhibit_app").status == 0)
    team.environment["EXHIBIT_DB"] = "postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"
    #expect(try ServerCatalogues.listing(team) == ServerCatalogues.listing(local))
    let shown = ["criteria", "show", "native/checkbox", "--json"]
    #expect(try team.run(shown).stdout == local.run(shown).stdout)
    let recordings = ["recordings", "list", "--json"]
    #expect(try team.run(recordings).stdout == local.run(recordings).stdout)
    for read in [
      ["audit", "list", "--json"], ["coverage", "native/checkbox", "--json"],
      ["coverage", "native/checkbox", "--audit", "1", "--json"], ["product", "list", "--json"],
      ["recordings", "show", "\(media)/checkboxVoiceOver.webm", "--json"],
    ] {
      let there = try team.run(read)
      #expect(there.status == 0, "\(read): \(there.stderr)")
      #expect(there.stdout == (try local.run(read)).stdout, "\(read)")
    }
    // The closed round stays closed there.
    let late = try team.run(
      "link", "--audit", "1", "\(media)/checkboxVoiceOver.webm", "native/checkbox#screenreader.group",
      "--verdict", "pass")
    #expect(late.status == 1)
    #expect(late.stderr.contains("is closed"), "\(late.stderr)")
    // The same files catalogued again on the server are known, unchanged.
    let rerun = try team.run("catalog", CLIWorkspace.repository.appendingPathComponent("Media").path)
    #expect(rerun.stdout.contains("4 scanned: 0 added, 0 updated, 4 unchanged"), "\(rerun.stdout)")

    // And back into a new file, whose every check passes with the same head.
    let back = local.path("back.sqlite")
    let returned = try local.run(
      "migrate", "--from", "postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)", "--to", back)
    #expect(returned.status == 0, "\(returned.stderr)")
    #expect(returned.stdout.contains("head \(head)"))
    let checked = try local.run("verify", "--db", back)
    #expect(checked.status == 0)
    #expect(checked.stdout.contains("newest hash \(head)"), "\(checked.stdout)")
    local.environment["EXHIBIT_DB"] = back
    #expect(try ServerCatalogues.listing(local) == ServerCatalogues.listing(team))
    #expect(try local.run(recordings).stdout == team.run(recordings).stdout)
    let audits = ["audit", "list", "--json"]
    #expect(try local.run(audits).stdout == team.run(audits).stdout)
  }

  @Test func aTargetHoldingACatalogueIsRefusedWithoutShowingItsPassword() throws {
    let (team, server, database) = try ServerCatalogues.workspace(role: "exhibit_owner")
    let owner = "postgres://exhibit_owner:\(PostgresServer.password)@127.0.0.1:\(server.port)/\(database)"
    #expect(try team.run("init").status == 0)
    #expect(
      try team.run("criteria", "import", CLIWorkspace.repository.appendingPathComponent("Criteria").path)
        .status
        == 0)
    let before = try team.run("criteria", "list").stdout
    let local = try CLIWorkspace()
    #expect(try local.run("init").status == 0)
    #expect(try local.run("product", "add", "Acme Mobile").status == 0)
    let refused = try local.run("migrate", "--to", owner)
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("already holds a catalogue"), "\(refused.stderr)")
    #expect(!refused.stderr.contains(PostgresServer.password))
    #expect(try team.run("criteria", "list").stdout == before)
    #expect((try team.run("product", "list", "--json").json() as? [Any])?.isEmpty == true)
    let misread = try local.run("migrate", "--to", local.path("copy.sqlite"))
    #expect(misread.status == 64)
    #expect(misread.stderr.contains("--from postgres://"))
  }
}
