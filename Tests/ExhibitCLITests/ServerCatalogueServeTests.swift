import ExhibitTestServers
import Foundation
import Testing

/// `exhibit serve` on a team's PostgreSQL catalogue, two servers at once on one database, as a
/// team behind a load balancer runs them: what one saves, the other shows within a second; eight
/// auditors' links split between them lose nothing and make one chain; a bundle made from the
/// web verifies; failed sign-ins count on every server; the session and CSRF key are shared.
@Suite(.serialized, TeamCatalogue.once) struct ServerCatalogueServeTests {
  /// A catalogue with the sample media catalogued and an audit open, and two servers on it.
  static func twoServers() throws -> (CLIWorkspace, String, RunningServer, RunningServer) {
    let (workspace, database) = try ServerCatalogues.withMedia(on: ServerCatalogues.cluster.get())
    for arguments in [
      ["catalog", "Media"], ["product", "add", "Acme App"], ["audit", "new", "Acme App", "--release", "1.0"],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    return (workspace, database, try RunningServer(workspace), try RunningServer(workspace))
  }

  /// The iOS recording of the checkbox, and the items it can speak for.
  static func recordingAndItems(_ workspace: CLIWorkspace) throws -> (String, [String]) {
    let recordings = try #require(
      try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    let sha = try #require(
      recordings.first {
        $0["platform"] as? String == "ios" && $0["component"] as? String == "native/checkbox"
      }?[
        "sha256"] as? String)
    let shown = try workspace.run("criteria", "show", "native/checkbox", "--json")
    let items = try #require((try shown.json() as? [String: Any])?["items"] as? [[String: Any]])
      .filter { ($0["platforms"] as? [String])?.contains("ios") == true }.compactMap { $0["key"] as? String }
    return (sha, items)
  }

  @Test func aPageOnOneServerShowsWhatWasSavedOnTheOtherWithinASecond() async throws {
    let (workspace, _, first, second) = try Self.twoServers()
    defer {
      _ = first.stop()
      _ = second.stop()
    }
    let (sha, items) = try Self.recordingAndItems(workspace)
    // The visitor's session and CSRF token come from the first server; the second takes them.
    let visitor = try await WebVisitor.arrive(at: first.base)
    let page = second.base + "/components/native/checkbox"
    let before = try await visitor.get(page)
    #expect(before.status == 200)
    #expect(!before.body.contains("Seen on the first server"))
    // Asked twice: the second answer is the cached page's.
    #expect(try await visitor.get(page).body == before.body)
    let saved = try await visitor.postJSON(
      second.base + "/api/links",
      ["recording": sha, "item": items[0], "verdict": "pass", "note": "Seen on the second server"])
    #expect(saved.status == 200, "\(saved.body)")
    let linked = try await visitor.postJSON(
      first.base + "/api/links",
      ["recording": sha, "item": items[1], "verdict": "fail", "note": "Seen on the first server"])
    #expect(linked.status == 200, "\(linked.body)")
    let written = Date()
    var shown = try await visitor.get(page)
    while !shown.body.contains("Seen on the first server"), Date().timeIntervalSince(written) < 1 {
      try await Task.sleep(for: .milliseconds(10))
      shown = try await visitor.get(page)
    }
    #expect(shown.body.contains("Seen on the first server"), "not shown within a second")
    // The overview's tallies, cached on the first server before the second's write, moved too.
    let overview = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try await visitor.get(first.base + "/api/components").body.utf8))
        as? [[String: Any]])
    let checkbox = try #require(overview.first { $0["component"] as? String == "native/checkbox" })
    let ios = try #require(
      (checkbox["platforms"] as? [[String: Any]])?.first { $0["platform"] as? String == "ios" })
    #expect(ios["pass"] as? Int == 1)
    #expect(ios["fail"] as? Int == 1)

    // A bundle made from the web, from a snapshot of the catalogue, verifies on the page and
    // with `exhibit verify`.
    let exported = try await visitor.postForm(
      first.base + "/bundles", [("component", "native/checkbox"), ("platform", "ios")])
    #expect(exported.status == 303, "\(exported.body)")
    let bundles = try await visitor.get(first.base + "/bundles")
    let name = try #require(bundles.body.firstMatch(of: /href="\/bundles\/([^"\/]+\.zip)"/)?.output.1)
    let report = try await visitor.get(first.base + "/bundles/\(name)")
    #expect(report.status == 200)
    #expect(report.body.contains("It verifies:"), "\(report.body)")
    let zip = workspace.root.appendingPathComponent("Exports/\(name)").path
    let verified = try workspace.run("verify", zip)
    #expect(verified.status == 0, "\(verified.stdout + verified.stderr)")
  }

  @Test func eightAuditorsOverTwoServersLoseNothingAndMakeOneChain() async throws {
    let (workspace, database, first, second) = try Self.twoServers()
    defer {
      _ = first.stop()
      _ = second.stop()
    }
    let (sha, items) = try Self.recordingAndItems(workspace)
    try #require(items.count >= 8)
    let server = try ServerCatalogues.cluster.get()
    let eventsBefore = try #require(
      Int(
        try server.psql(database: database, "SELECT count(*) FROM audit_event").trimmingCharacters(
          in: .whitespacesAndNewlines)))
    let rounds = 4
    // Eight auditors, each on its own session, half on each server, four links each at once.
    let ids = try await withThrowingTaskGroup(of: [Int].self) { group in
      for auditor in 0..<8 {
        let base = auditor % 2 == 0 ? first.base : second.base
        group.addTask {
          let visitor = try await WebVisitor.arrive(at: base)
          var ids: [Int] = []
          for round in 0..<rounds {
            let answer = try await visitor.postJSON(
              base + "/api/links",
              [
                "recording": sha, "item": items[auditor], "verdict": round % 2 == 0 ? "pass" : "fail",
                "from": Double(round), "to": Double(round) + 0.5,
                "note": "Auditor \(auditor), round \(round).",
              ])
            #expect(answer.status == 200, "\(answer.body)")
            let link = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            ids.append(try #require(link?["id"] as? Int))
          }
          return ids
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(ids.count == 8 * rounds)
    #expect(Set(ids).count == ids.count, "a link id was given twice")
    let counts = try server.psql(
      database: database,
      """
      SELECT (SELECT count(*) FROM evidence_link) || ' ' || (SELECT count(*) FROM audit_event) || ' '
        || (SELECT max(id) FROM audit_event) || ' ' || (SELECT count(DISTINCT previous_hash) FROM audit_event)
      """
    ).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").compactMap { Int($0) }
    let events = eventsBefore + 8 * rounds
    #expect(counts == [8 * rounds, events, events, events])
    let report = try ServerCatalogues.verifiedCopy(workspace)
    #expect(report["events"] as? Int == events)
    #expect((report["problems"] as? [Any])?.isEmpty == true)
  }

  @Test func failedSignInsCountOnEveryServer() async throws {
    let (workspace, database) = try ServerCatalogues.withMedia(on: ServerCatalogues.cluster.get())
    #expect(try workspace.addAccount("ada", role: "auditor", password: "correct horse battery") == 0)
    let first = try RunningServer(workspace, ["--accounts"])
    let second = try RunningServer(workspace, ["--accounts"])
    defer {
      _ = first.stop()
      _ = second.stop()
    }
    let server = try ServerCatalogues.cluster.get()
    func failures() throws -> String {
      try server.psql(
        database: database, "SELECT string_agg(key || '=' || failures, ' ' ORDER BY key) FROM sign_in_failure"
      ).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let visitor = try await WebVisitor.arrive(at: first.base, path: "/signin")
    let wrong = [("name", "ada"), ("password", "wrong horse battery"), ("next", "/")]
    #expect(try await visitor.postForm(first.base + "/signin", wrong).status == 401)
    #expect(try failures() == "account:ada=1 address:127.0.0.1=1 pair:ada|127.0.0.1=1")
    // The second server counts on from the first's count, and makes the pair wait for it.
    let again = try await visitor.postForm(second.base + "/signin", wrong)
    #expect(again.status == 401)
    #expect(again.seconds >= 0.5, "the second server did not wait out the first's failure")
    #expect(try failures() == "account:ada=2 address:127.0.0.1=2 pair:ada|127.0.0.1=2")
    // Signed in on the second server: the pair is forgiven everywhere, and the session works on
    // the first.
    let signedIn = try await visitor.postForm(
      second.base + "/signin", [("name", "ada"), ("password", "correct horse battery"), ("next", "/")])
    #expect(signedIn.status == 303)
    #expect(try failures() == "account:ada=2 address:127.0.0.1=2")
    let session = try #require(signedIn.session)
    let ada = WebVisitor(session: session, csrfToken: visitor.csrfToken)
    let overview = try await ada.get(first.base + "/")
    #expect(overview.status == 200)
    #expect(overview.body.contains("ada"))
    #expect(try await visitor.get(first.base + "/").status == 303, "the old session was let in")
  }

  /// Signing out on a server ends the session's media there at once and, through the database,
  /// on every other server, though each had answered it from its grants.
  @Test func aSignedOutSessionGetsNoMoreMediaOnAnyServer() async throws {
    let (workspace, _) = try ServerCatalogues.withMedia(on: ServerCatalogues.cluster.get())
    #expect(try workspace.run("catalog", "Media").status == 0)
    #expect(try workspace.addAccount("rita", role: "reviewer", password: "correct horse battery") == 0)
    let first = try RunningServer(workspace, ["--accounts"])
    let second = try RunningServer(workspace, ["--accounts"])
    defer {
      _ = first.stop()
      _ = second.stop()
    }
    let (sha, _) = try Self.recordingAndItems(workspace)
    let visitor = try await WebVisitor.arrive(at: first.base, path: "/signin")
    let signedIn = try await visitor.postForm(
      first.base + "/signin", [("name", "rita"), ("password", "correct horse battery"), ("next", "/")])
    #expect(signedIn.status == 303)
    let rita = WebVisitor(session: try #require(signedIn.session), csrfToken: visitor.csrfToken)
    for server in [first, second] {
      // Twice: the second is answered from the server's grants, without the database.
      #expect(try await rita.get(server.base + "/media/\(sha)").status == 200)
      #expect(try await rita.get(server.base + "/media/\(sha)").status == 200)
    }
    let page = try await rita.get(first.base + "/")
    let token = try #require(page.body.firstMatch(of: /name="csrf_token" value="([0-9a-f]+)"/)?.output.1)
    let signedOut = try await WebVisitor(session: rita.session, csrfToken: String(token)).postForm(
      first.base + "/signout", [])
    #expect(signedOut.status == 303)
    #expect(try await rita.get(first.base + "/media/\(sha)").status == 401)
    // The other server hears of it from the database's notification (the wait only bounds a
    // test that would otherwise hang; the notification takes milliseconds).
    let deadline = Date().addingTimeInterval(10)
    var refused = false
    while Date() < deadline, !refused {
      refused = try await rita.get(second.base + "/media/\(sha)").status == 401
    }
    #expect(refused, "the other server still sent the signed-out session's media")
  }

  @Test func aServerWithoutTheFilesPlaysAndBundlesFromTheBucket() async throws {
    let objects = try ObjectStoreServer()
    defer { objects.stop() }
    let (workspace, _) = try ServerCatalogues.withMedia(on: ServerCatalogues.cluster.get())
    workspace.environment.merge(objects.environment) { $1 }
    workspace.environment["EXHIBIT_MEDIA"] = "s3://evidence/team"
    let catalogued = try workspace.run("catalog", "Media")
    #expect(catalogued.status == 0, "\(catalogued.stderr)")
    // The server's host has none of the files: only the database and the bucket.
    try FileManager.default.removeItem(atPath: workspace.path("Media"))
    let server = try RunningServer(workspace)
    defer { _ = server.stop() }
    let (sha, _) = try Self.recordingAndItems(workspace)
    let visitor = try await WebVisitor.arrive(at: server.base)
    let played = try await visitor.get(server.base + "/media/\(sha)")
    #expect(played.status == 200)
    let exported = try await visitor.postForm(
      server.base + "/bundles", [("component", "native/checkbox"), ("platform", "ios")])
    #expect(exported.status == 303, "\(exported.body)")
    let bundles = try await visitor.get(server.base + "/bundles")
    let name = try #require(bundles.body.firstMatch(of: /href="\/bundles\/([^"\/]+\.zip)"/)?.output.1)
    #expect(try await visitor.get(server.base + "/bundles/\(name)").body.contains("It verifies:"))
    let verified = try workspace.run("verify", workspace.path("Exports/\(name)"))
    #expect(verified.status == 0, "\(verified.stdout + verified.stderr)")
    // The recording is in it, read back from the bucket.
    let (_, listing) = try Python.run(
      "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))",
      [workspace.path("Exports/\(name)")])
    #expect(listing.contains("checkboxVoiceOver.webm"), "\(listing)")
  }
}
