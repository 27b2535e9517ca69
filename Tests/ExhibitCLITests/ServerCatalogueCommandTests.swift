import ExhibitTestServers
import Foundation
import Testing

/// The commands that run on a PostgreSQL catalogue, run as a team would: `exhibit init` as the
/// role that owns the schema, granting the application's role its rights; then `criteria
/// import` and `criteria list` as that role, the password from PGPASSWORD. What they print is what
/// the same commands print on a SQLite workspace.
@Suite(.serialized) struct ServerCatalogueCommandTests {
  /// The cluster this suite's tests share, started on first use and ended with the process.
  static let cluster = Result { try PostgresServer() }

  /// A workspace whose catalogue is a new database of the cluster, as `role`.
  static func workspace(role: String = "exhibit_app") throws -> (CLIWorkspace, PostgresServer, String) {
    let server = try cluster.get()
    let database = try server.makeDatabase()
    let workspace = try CLIWorkspace()
    workspace.environment["EXHIBIT_DB"] = "postgres://\(role)@127.0.0.1:\(server.port)/\(database)"
    workspace.environment["PGPASSWORD"] = PostgresServer.password
    return (workspace, server, database)
  }

  /// `criteria list --json` without the times of import.
  static func listing(_ workspace: CLIWorkspace, _ arguments: String...) throws -> [[String: String]] {
    let listed = try workspace.run(["criteria", "list", "--json"] + arguments)
    #expect(listed.status == 0, "\(listed.stderr)")
    let documents = try #require(try listed.json() as? [[String: Any]])
    return documents.map { document in
      document.filter { $0.key != "imported_at" }.mapValues { "\($0)" }
    }
  }

  @Test func initImportAndListOnPostgresSayWhatTheySayOnSQLite() throws {
    let (team, server, database) = try Self.workspace(role: "exhibit_owner")
    let initialized = try team.run("init", "--grant", "exhibit_app", "--json")
    #expect(initialized.status == 0, "\(initialized.stderr)")
    let report = try #require(try initialized.json() as? [String: Any])
    #expect(report["created_database"] as? Bool == true)
    #expect(
      report["database_path"] as? String == "postgres://exhibit_owner@127.0.0.1:\(server.port)/\(database)")
    #expect(FileManager.default.fileExists(atPath: team.path("Media")))
    let again = try team.run("init", "--grant", "exhibit_app")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("kept    postgres://exhibit_owner@127.0.0.1"))

    // The application's role imports and lists.
    team.environment["EXHIBIT_DB"] = "postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"
    let local = try CLIWorkspace()
    #expect(try local.run("init").status == 0)
    let documents = ["Criteria/native/controls/checkbox.md", "Criteria/web/component/checkbox.md"].map {
      CLIWorkspace.repository.appendingPathComponent($0).path
    }
    for workspace in [team, local] {
      let imported = try workspace.run(["criteria", "import"] + documents)
      #expect(imported.status == 0, "\(imported.stderr)")
      #expect(imported.stdout.contains("2 imported, 0 unchanged, 0 skipped, 0 failed"), "\(imported.stdout)")
      let unchanged = try workspace.run(["criteria", "import"] + documents)
      #expect(unchanged.stdout.contains("0 imported, 2 unchanged"), "\(unchanged.stdout)")
    }
    let onServer = try Self.listing(team)
    #expect(onServer.count == 2)
    #expect(onServer == (try Self.listing(local)))
    #expect(
      (try Self.listing(team, "--component", "native/checkbox"))
        == (try Self.listing(local, "--component", "native/checkbox")))
    let table = try team.run("criteria", "list")
    #expect(table.stdout.contains("native/checkbox") && table.stdout.contains("current"), "\(table.stdout)")
    let unknown = try team.run("criteria", "list", "--component", "nothing-here")
    #expect(unknown.status == 1)
    #expect(unknown.stderr == (try local.run("criteria", "list", "--component", "nothing-here")).stderr)

    // A component's criteria, with the workspace's own WCAG row laid over Exhibit's.
    for workspace in [team, local] {
      let mapped = try workspace.run(
        "wcag", "map", "native/checkbox#screenreader.role", "2.4.7", "--relation", "related", "--reason",
        "Focus shows where the role is said.")
      #expect(mapped.status == 0, "\(mapped.stderr)")
      #expect(mapped.stdout.contains("native/checkbox#screenreader.role -> 2.4.7 (related), by test-auditor"))
      let refused = try workspace.run(
        "wcag", "map", "native/checkbox#screenreader.nothing", "2.4.7", "--relation", "related", "--reason",
        "x")
      #expect(refused.status == 1)
    }
    for arguments in [
      ["criteria", "show", "checkbox", "--json"], ["criteria", "show", "native/checkbox"],
      ["criteria", "show", "native/checkbox", "--platform", "ios", "--format", "gherkin"],
      ["criteria", "show", "web/checkbox", "--format", "condensed"],
    ] {
      let onServer = try team.run(arguments)
      let onFile = try local.run(arguments)
      #expect(onServer.status == onFile.status, "\(arguments)")
      #expect(onServer.stdout == onFile.stdout, "\(arguments)")
      #expect(onServer.stderr == onFile.stderr, "\(arguments)")
    }
    // Search finds the same hits (their order may differ), in the same JSON.
    for query in [
      ["checkbox"], ["announ*", "--platform", "ios"],
      ["\"double tap\" OR swipe", "--component", "native/checkbox"],
    ] {
      let arguments = ["search"] + query + ["--json", "--limit", "500"]
      let onServer = try team.run(arguments)
      let onFile = try local.run(arguments)
      #expect(onServer.status == 0 && onFile.status == 0, "\(onServer.stderr) \(onFile.stderr)")
      let serverHits = try #require((try onServer.json() as? [String: Any])?["hits"] as? [[String: Any]])
      let fileHits = try #require((try onFile.json() as? [String: Any])?["hits"] as? [[String: Any]])
      func identities(_ hits: [[String: Any]]) -> [String] {
        hits.map { hit in
          ["kind", "source", "component", "item", "platform", "title"].map { "\(hit[$0] ?? "-")" }.joined(
            separator: " ")
        }.sorted()
      }
      #expect(!serverHits.isEmpty)
      #expect(identities(serverHits) == identities(fileHits), "\(query)")
      #expect(Set(serverHits.flatMap { $0.keys }) == Set(fileHits.flatMap { $0.keys }))
    }
    let plain = try team.run("search", "checkbox")
    #expect(plain.status == 0 && plain.stdout.contains("native/checkbox"), "\(plain.stderr)")

    let shown = try team.run("criteria", "show", "native/checkbox", "--json")
    let shownReport = try #require(try shown.json() as? [String: Any])
    let wcag = try #require(shownReport["wcag"] as? [String: [[String: Any]]])
    #expect(
      wcag["native/checkbox#screenreader.role"]?.contains { $0["criterion"] as? String == "2.4.7" } == true)
  }

  @Test func aCommandNotYetOnPostgresAndAnEmptyDatabaseAreSaidClearly() throws {
    let (workspace, server, database) = try Self.workspace()
    let url = "postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"
    let listed = try workspace.run("criteria", "list")
    #expect(listed.status == 1)
    #expect(listed.stderr.contains("\(url): no Exhibit catalogue in this database yet; run `exhibit init`"))
    let recordings = try workspace.run("recordings", "list")
    #expect(recordings.status == 1)
    #expect(recordings.stderr.contains("\(url): this command does not run on a PostgreSQL catalogue yet"))
    // The application's role may not make the schema: the owner's role does.
    let initialized = try workspace.run("init")
    #expect(initialized.status == 1)
    #expect(initialized.stderr.contains(url), "\(initialized.stderr)")
    #expect(initialized.stderr.contains("SQLSTATE 42501"), "\(initialized.stderr)")
    #expect(!initialized.stderr.contains(PostgresServer.password))
  }
}

/// `exhibit migrate --to postgres://…` and `--from`: a workspace's catalogue to PostgreSQL and
/// back, every row and the chain's head kept, and what cannot be copied refused before anything
/// is made.
@Suite(.serialized) struct ServerCatalogueMigrateTests {
  @Test func aWorkspaceGoesToPostgresAndBackWithItsChain() throws {
    let (team, server, database) = try ServerCatalogueCommandTests.workspace(role: "exhibit_owner")
    let owner = "postgres://exhibit_owner@127.0.0.1:\(server.port)/\(database)"
    let local = try CLIWorkspace()
    local.environment["PGPASSWORD"] = PostgresServer.password
    #expect(try local.run("init").status == 0)
    let imported = try local.run(
      "criteria", "import", CLIWorkspace.repository.appendingPathComponent("Criteria").path)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      try local.run(
        "wcag", "map", "native/checkbox#screenreader.role", "1.3.1", "--relation", "related", "--reason",
        "Grouped."
      ).status == 0)
    let verified = try local.run("verify", "--json")
    let head = try #require((try verified.json() as? [String: Any])?["head_hash"] as? String)

    let migrated = try local.run("migrate", "--to", owner, "--json")
    #expect(migrated.status == 0, "\(migrated.stderr)")
    let report = try #require(try migrated.json() as? [String: Any])
    #expect(report["head_hash"] as? String == head)
    #expect(report["to"] as? String == owner)
    #expect((report["rows"] as? [String: Int])?["criteria_item"] ?? 0 > 10)
    let again = try local.run("migrate", "--to", owner)
    #expect(again.status == 1)
    #expect(again.stderr.contains("\(owner): already holds a catalogue"), "\(again.stderr)")

    // The team's catalogue lists what the workspace listed, and shows the workspace's WCAG row.
    #expect(try team.run("init", "--grant", "exhibit_app").status == 0)
    team.environment["EXHIBIT_DB"] = "postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"
    #expect(try ServerCatalogueCommandTests.listing(team) == ServerCatalogueCommandTests.listing(local))
    let shown = ["criteria", "show", "native/checkbox", "--json"]
    #expect(try team.run(shown).stdout == local.run(shown).stdout)

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
    #expect(try ServerCatalogueCommandTests.listing(local) == ServerCatalogueCommandTests.listing(team))
  }

  @Test func whatPostgresCannotKeepYetIsRefusedBeforeAnythingIsMade() throws {
    let (team, server, database) = try ServerCatalogueCommandTests.workspace(role: "exhibit_owner")
    let owner = "postgres://exhibit_owner:\(PostgresServer.password)@127.0.0.1:\(server.port)/\(database)"
    let local = try CLIWorkspace()
    #expect(try local.run("init").status == 0)
    #expect(
      try local.run("catalog", CLIWorkspace.repository.appendingPathComponent("Media").path).status == 0)
    let refused = try local.run("migrate", "--to", owner)
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("caption tracks, which a catalogue on PostgreSQL cannot keep yet"),
      "\(refused.stderr)")
    #expect(refused.stderr.contains(" recordings, "))
    #expect(!refused.stderr.contains(PostgresServer.password))
    let listed = try team.run("criteria", "list")
    #expect(listed.stderr.contains("no Exhibit catalogue in this database yet"), "\(listed.stderr)")
    let misread = try local.run("migrate", "--to", local.path("copy.sqlite"))
    #expect(misread.status == 64)
    #expect(misread.stderr.contains("--from postgres://"))
  }
}
