import ExhibitTestServers
import Foundation
import Testing

/// The commands that run on a PostgreSQL catalogue, run as a team would: `exhibit init` as the
/// role that owns the schema, granting the application's role its rights; then `criteria
/// import` and `criteria list` as that role, the password from PGPASSWORD. What they print is what
/// the same commands print on a SQLite workspace.
@Suite(.serialized, TeamCatalogue.once) struct ServerCatalogueCommandTests {
  @Test func initImportAndListOnPostgresSayWhatTheySayOnSQLite() throws {
    let (team, server, database) = try ServerCatalogues.workspace(role: "exhibit_owner")
    let initialized = try team.run("init", "--grant", "exhibit_app", "--json")
    #expect(initialized.status == 0, "\(initialized.stderr)")
    let report = try #require(try initialized.json() as? [String: Any])
    #expect(report["created_database"] as? Bool == true)
    #expect(report["created_media"] as? Bool == true)
    #expect(
      report["database_path"] as? String == "postgres://exhibit_owner@127.0.0.1:\(server.port)/\(database)")
    #expect(FileManager.default.fileExists(atPath: team.path("Media")))
    let again = try team.run("init", "--grant", "exhibit_app")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("kept    postgres://exhibit_owner@127.0.0.1"))

    // The application's role imports and lists; `init` finds the schema current and changes
    // nothing, where the owner's rights would be needed.
    team.environment["EXHIBIT_DB"] = "postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"
    let byTheApplication = try team.run("init")
    #expect(byTheApplication.status == 0, "\(byTheApplication.stderr)")
    #expect(byTheApplication.stdout.contains("kept    postgres://exhibit_app@"), "\(byTheApplication.stdout)")
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
    let onServer = try ServerCatalogues.listing(team)
    #expect(onServer.count == 2)
    #expect(onServer == (try ServerCatalogues.listing(local)))
    #expect(
      (try ServerCatalogues.listing(team, "--component", "native/checkbox"))
        == (try ServerCatalogues.listing(local, "--component", "native/checkbox")))
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

  @Test func anEmptyDatabaseAndMissingRightsAreSaidClearly() throws {
    let (workspace, server, database) = try ServerCatalogues.workspace()
    let url = "postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"
    let listed = try workspace.run("criteria", "list")
    #expect(listed.status == 1)
    #expect(listed.stderr.contains("\(url): no Exhibit catalogue in this database yet; run `exhibit init`"))
    let checked = try workspace.run("wcag", "check")
    #expect(checked.status == 1)
    #expect(checked.stderr.contains("\(url): no Exhibit catalogue in this database yet"), "\(checked.stderr)")
    // The application's role may not make the schema: the owner's role does.
    let initialized = try workspace.run("init")
    #expect(initialized.status == 1)
    #expect(initialized.stderr.contains(url), "\(initialized.stderr)")
    #expect(initialized.stderr.contains("SQLSTATE 42501"), "\(initialized.stderr)")
    #expect(!initialized.stderr.contains(PostgresServer.password))
    // The owner makes it but forgets --grant: the application's role is told what to ask for.
    workspace.environment["EXHIBIT_DB"] = "postgres://exhibit_owner@127.0.0.1:\(server.port)/\(database)"
    #expect(try workspace.run("init").status == 0)
    workspace.environment["EXHIBIT_DB"] = url
    let ungranted = try workspace.run("criteria", "list")
    #expect(ungranted.status == 1)
    #expect(
      ungranted.stderr.contains(
        "\(url): exhibit_app may not use Exhibit's schema here; the schema's owner gives it the rights with "
          + "`exhibit init --grant exhibit_app`"), "\(ungranted.stderr)")
  }
}

/// `exhibit users` on a PostgreSQL catalogue: the same accounts as on SQLite, the password read
/// where the command runs (after `exhibit` handed it to `exhibit-team`).
@Suite(.serialized, TeamCatalogue.once) struct ServerCatalogueUsersTests {
  @Test func usersAddListAndRemoveOnPostgresAsOnSQLite() throws {
    let (team, _, _) = try ServerCatalogues.workspace(role: "exhibit_owner")
    #expect(try team.run("init").status == 0)
    let local = try CLIWorkspace()
    #expect(try local.run("init").status == 0)
    for workspace in [team, local] {
      #expect(try workspace.addAccount("ana", role: "auditor", password: "a long enough password") == 0)
      #expect(try workspace.addAccount("ana", role: "reviewer", password: "a long enough password") == 1)
      #expect(try workspace.addAccount("bo", role: "reviewer", password: "another long password") == 0)
      let removed = try workspace.run("users", "remove", "bo")
      #expect(removed.stdout == "removed bo\n", "\(removed.stderr)")
      let unknown = try workspace.run("users", "remove", "bo")
      #expect(unknown.status == 1)
    }
    func names(_ workspace: CLIWorkspace) throws -> [String] {
      let listed = try workspace.run("users", "list", "--json")
      return try #require(try listed.json() as? [[String: Any]]).map {
        "\($0["name"] ?? "")/\($0["role"] ?? "")"
      }
    }
    #expect(try names(team) == ["ana/auditor"])
    #expect(try names(team) == names(local))
    #expect(try team.run("users", "remove", "bo").stderr == local.run("users", "remove", "bo").stderr)
  }
}
