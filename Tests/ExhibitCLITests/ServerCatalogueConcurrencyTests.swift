import ExhibitTestServers
import Foundation
import Testing

/// Many commands at once on one PostgreSQL catalogue, as auditors on several machines run them,
/// and the database restarted under an import: one audit chain, no write lost or doubled, every
/// import whole or not at all. The chain and the tables are checked by copying the catalogue to a
/// SQLite file (`migrate --from`) and running `verify` on it, which replays every event.
@Suite(.serialized, TeamCatalogue.once) struct ServerCatalogueConcurrencyTests {
  /// A new catalogue made by its owner, the application's role granted, as that role.
  static func catalogue(on server: PostgresServer) throws -> (CLIWorkspace, String) {
    let database = try server.makeDatabase()
    let workspace = try CLIWorkspace()
    workspace.environment["PGPASSWORD"] = PostgresServer.password
    workspace.environment["EXHIBIT_DB"] = "postgres://exhibit_owner@127.0.0.1:\(server.port)/\(database)"
    let initialized = try workspace.run("init", "--grant", "exhibit_app")
    #expect(initialized.status == 0, "\(initialized.stderr)")
    workspace.environment["EXHIBIT_DB"] = "postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"
    return (workspace, database)
  }

  @Test func eightAuditorsAtOnceMakeOneChain() throws {
    let server = try ServerCatalogues.cluster.get()
    let (workspace, database) = try Self.catalogue(on: server)
    let criteria = CLIWorkspace.repository.appendingPathComponent("Criteria").path
    #expect(try workspace.run("criteria", "import", criteria).status == 0)
    let shown = try workspace.run("criteria", "show", "native/checkbox", "--json")
    let items = try #require((try shown.json() as? [String: Any])?["items"] as? [[String: Any]])
      .compactMap { $0["key"] as? String }
    #expect(items.count >= 8)
    let criteriaNumbers = ["1.3.1", "2.1.1", "2.4.7"]
    // Eight auditors, three rounds, each mapping its own item; every round also has two of them
    // import the same changed document.
    let changed = workspace.path("checkbox.md")
    var text = try String(contentsOfFile: criteria + "/native/controls/checkbox.md", encoding: .utf8)
    for (round, number) in criteriaNumbers.enumerated() {
      text += "\n<!-- round \(round) -->\n"
      try text.write(toFile: changed, atomically: true, encoding: .utf8)
      var started = (0..<8).map { auditor in
        workspace.environment["EXHIBIT_AUDITOR"] = "auditor-\(auditor)"
        return try? workspace.start(
          ["wcag", "map", items[auditor], number, "--relation", "related", "--reason", "Round \(round)."])
      }
      for _ in 0..<2 {
        started.append(
          try? workspace.start(["criteria", "import", "--component", "native/checkbox", changed]))
      }
      for process in started {
        let result = try workspace.finish(#require(process))
        #expect(result.status == 0, "\(result.stderr)")
      }
    }
    let counts = try server.psql(
      database: database,
      """
      SELECT (SELECT count(*) FROM wcag_override) || ' ' || (SELECT count(*) FROM audit_event) || ' '
        || (SELECT max(id) FROM audit_event) || ' ' || (SELECT count(DISTINCT previous_hash) FROM audit_event)
        || ' ' || (SELECT count(*) FROM audit_event WHERE action = 'criteria.import')
      """
    ).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").compactMap { Int($0) }
    // 24 rows; the events: 3 imports at first, one per round's changed document (its twin found
    // it unchanged), 24 maps; ids 1…n with no gap and no fork.
    #expect(counts == [24, 30, 30, 30, 6])
    let report = try ServerCatalogues.verifiedCopy(workspace)
    #expect(report["events"] as? Int == 30)
    #expect((report["problems"] as? [Any])?.isEmpty == true)
  }

  @Test func eightAuditorsLinkingAtOnceLoseNothingAndMakeOneChain() throws {
    let (workspace, database) = try ServerCatalogues.withMedia(on: ServerCatalogues.cluster.get())
    #expect(try workspace.run("catalog", "Media").status == 0)
    #expect(try workspace.run("product", "add", "Acme App").status == 0)
    #expect(try workspace.run("audit", "new", "Acme App", "--release", "1.0").status == 0)
    let shown = try workspace.run("criteria", "show", "native/checkbox", "--json")
    // The items the iOS recording can speak for.
    let items = try #require((try shown.json() as? [String: Any])?["items"] as? [[String: Any]])
      .filter { ($0["platforms"] as? [String])?.contains("ios") == true }.compactMap { $0["key"] as? String }
    try #require(items.count >= 8)
    let before = try #require(
      Int(
        try ServerCatalogues.cluster.get().psql(database: database, "SELECT count(*) FROM audit_event")
          .trimmingCharacters(in: .whitespacesAndNewlines)))
    // Eight auditors, four rounds: each links its own item to its own second of the recording,
    // all eight at once; from the second round on, the eighth retracts a link of the first instead.
    for round in 0..<4 {
      let started = (0..<8).map { auditor in
        var arguments = [
          "link", CLIWorkspace.voiceOver, items[auditor], "--verdict", round % 2 == 0 ? "pass" : "fail",
          "--from",
          "\(round)", "--to", "\(round).5", "--auditor", "auditor-\(auditor)", "--note", "round \(round)",
        ]
        if auditor == 7, round > 0 {
          arguments = ["unlink", "\(round)", "--reason", "again", "--auditor", "auditor-7"]
        }
        return try? workspace.start(arguments)
      }
      for process in started {
        let result = try workspace.finish(#require(process))
        #expect(result.status == 0, "\(result.stderr)")
      }
    }
    let counts = try ServerCatalogues.cluster.get().psql(
      database: database,
      """
      SELECT (SELECT count(*) FROM evidence_link) || ' ' || (SELECT count(*) FROM evidence_link WHERE retracted_at IS NOT NULL)
        || ' ' || (SELECT count(DISTINCT (item_id, start_ms)) FROM evidence_link) || ' '
        || (SELECT count(*) FROM audit_event) || ' ' || (SELECT max(id) FROM audit_event) || ' '
        || (SELECT count(DISTINCT previous_hash) FROM audit_event)
      """
    ).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").compactMap { Int($0) }
    // 8 links in the first round and 7 in each other (the eighth auditor retracts instead): 29
    // links, each once, 3 retracted; one event each, and the findings' (a fail whose pass was
    // retracted before another pass came opens one: how many depends on which commit came
    // first); the chain's ids 1…n with no gap or fork.
    let findingEvents = try #require(
      Int(
        try ServerCatalogues.cluster.get().psql(
          database: database, "SELECT count(*) FROM audit_event WHERE action LIKE 'finding.%'"
        ).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect((1...6).contains(findingEvents))
    let events = before + 29 + 3 + findingEvents
    #expect(counts == [29, 3, 29, events, events, events])
    let report = try ServerCatalogues.verifiedCopy(workspace)
    #expect(report["events"] as? Int == events)
    #expect((report["problems"] as? [Any])?.isEmpty == true)
  }

  @Test func aRestartDuringAnImportLeavesItWholeOrNotAtAll() throws {
    let server = try PostgresServer()
    defer { server.stop() }
    let (workspace, database) = try Self.catalogue(on: server)
    var sources = [CLIWorkspace.repository.appendingPathComponent("Criteria").path]
    if let corpus = CLIWorkspace.corpus {
      sources.append(corpus.appendingPathComponent("documentation").path)
    }
    let importing = try workspace.start(["criteria", "import"] + sources)
    Thread.sleep(forTimeInterval: 0.15)
    try server.restart()
    let first = workspace.finish(importing)
    func stored() throws -> [Int] {
      try server.psql(
        database: database,
        "SELECT (SELECT count(*) FROM criteria_document) || ' ' || (SELECT count(*) FROM audit_event)"
      ).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").compactMap { Int($0) }
    }
    let afterFirst = try stored()
    if first.status == 0 {
      #expect(afterFirst[0] > 0 && afterFirst[0] == afterFirst[1])
    } else {
      // Cut off: a clear error naming the database, and nothing of the batch stored.
      #expect(first.status == 1)
      #expect(
        first.stderr.contains("postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"),
        "\(first.stderr)")
      #expect(!first.stderr.contains("Fatal error"))
      #expect(afterFirst == [0, 0])
    }
    let rerun = try workspace.run(["criteria", "import"] + sources)
    #expect(rerun.status == 0, "\(rerun.stderr)")
    let afterRerun = try stored()
    #expect(afterRerun[0] > 0 && afterRerun[0] == afterRerun[1])
    let report = try ServerCatalogues.verifiedCopy(workspace)
    #expect((report["problems"] as? [Any])?.isEmpty == true)
  }
}
