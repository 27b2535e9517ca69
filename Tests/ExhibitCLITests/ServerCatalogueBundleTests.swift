import ExhibitTestServers
import Foundation
import Testing

/// `exhibit bundle` and `exhibit verify BAG` on a catalogue on PostgreSQL: a bag made from the
/// team's catalogue is the bag the same workspace makes on SQLite, byte for byte, and verifies
/// against the catalogue it came from; a bag from another catalogue does not; and with the
/// recordings in a bucket, a bag is made from the bucket's bytes, and refused, naming it, for a
/// recording deleted from the bucket behind Exhibit's back.
@Suite(.serialized, TeamCatalogue.once) struct ServerCatalogueBundleTests {
  /// The manifests of the bag at `path`: every file's SHA-256, the tag files' too.
  static func manifests(_ path: String) throws -> String {
    try ["manifest-sha256.txt", "tagmanifest-sha256.txt"].map {
      try String(contentsOfFile: "\(path)/\($0)", encoding: .utf8)
    }.joined()
  }

  @Test func aBagFromPostgresIsTheWorkspacesBagAndVerifiesAgainstIt() throws {
    let local = try CLIWorkspace.linked()
    for arguments in [
      [
        "link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.state", "--verdict", "fail", "--note",
        "silent",
      ],
      [
        "link", "--observation", "native/checkbox#screenreader.name", "--verdict", "pass", "--note",
        "read aloud",
        "--platform", "ios", "--screen-reader", "voiceover",
      ],
    ] {
      let ran = try local.run(arguments)
      #expect(ran.status == 0, "\(ran.stderr)")
    }
    let (team, server, database) = try ServerCatalogues.workspace(role: "exhibit_owner")
    local.environment["PGPASSWORD"] = PostgresServer.password
    let owner = "postgres://exhibit_owner@127.0.0.1:\(server.port)/\(database)"
    let migrated = try local.run("migrate", "--to", owner)
    #expect(migrated.status == 0, "\(migrated.stderr)")
    #expect(try team.run("init", "--grant", "exhibit_app").status == 0)

    // Both bags are made in the workspace's folder, so both are signed with its key.
    let bag = ["bundle", "native/checkbox", "--platform", "ios", "--date", "2026-11-26", "--json"]
    let fromSQLite = try local.run(bag + ["--out", "from-sqlite"])
    #expect(fromSQLite.status == 0, "\(fromSQLite.stderr)")
    local.environment["EXHIBIT_DB"] = "postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"
    let fromPostgres = try local.run(bag + ["--out", "from-postgres"])
    #expect(fromPostgres.status == 0, "\(fromPostgres.stderr)")
    let sqlitePath = try #require((try fromSQLite.json() as? [String: Any])?["path"] as? String)
    let postgresPath = try #require((try fromPostgres.json() as? [String: Any])?["path"] as? String)
    #expect(try Self.manifests(sqlitePath) == Self.manifests(postgresPath))
    #expect(try Self.manifests(postgresPath).contains("data/recordings/"))
    #expect((try fromPostgres.json() as? [String: Any])?["signed_by"] != nil, "\(fromPostgres.stdout)")

    // Checked against the team's catalogue: its events are there, its key signed it.
    let verified = try local.run("verify", postgresPath, "--json")
    #expect(verified.status == 0, "\(verified.stdout) \(verified.stderr)")
    let report = try #require(try verified.json() as? [String: Any])
    #expect((report["checked_against"] as? String)?.hasPrefix("postgres://exhibit_app@") == true, "\(report)")
    #expect(!verified.stdout.contains(PostgresServer.password))
    // A bag of another catalogue, genuine there, names events the team's trail does not hold.
    let (other, otherBag) = try CLIWorkspace.signedBag()
    let foreign = try local.run("verify", otherBag)
    #expect(foreign.status == 1)
    #expect(foreign.stderr.contains("is not in the workspace's audit trail"), "\(foreign.stderr)")
    #expect(try other.run("verify", otherBag).status == 0)

    // Every bag of the audit, from the server.
    let all = try local.run("bundle", "--all", "--out", "every", "--date", "2026-11-26")
    #expect(all.status == 0, "\(all.stderr)")
    #expect(all.stdout.contains("bundles, index"), "\(all.stdout)")
  }

  @Test func aBagIsMadeFromTheBucketAndRefusedForARecordingDeletedThere() throws {
    let (team, _) = try ServerCatalogues.withMedia(on: ServerCatalogues.cluster.get())
    let bucket = try ObjectStoreServer()
    defer { bucket.stop() }
    team.environment.merge(bucket.environment) { $1 }
    team.environment["EXHIBIT_MEDIA"] = "s3://evidence/acme"
    #expect(try team.run("catalog", "Media").status == 0)
    let linked = try team.run(
      "link", CLIWorkspace.voiceOver, CLIWorkspace.role, "--verdict", "pass", "--from", "1", "--to", "3",
      "--json")
    #expect(linked.status == 0, "\(linked.stderr)")
    let shown = try #require(
      try team.run("recordings", "show", CLIWorkspace.voiceOver, "--json").json() as? [String: Any])
    let sha = try #require((shown["recording"] as? [String: Any])?["sha256"] as? String)
    // The auditor's own copies are gone: the bag's bytes come from the bucket.
    try FileManager.default.removeItem(at: team.root.appendingPathComponent("Media"))
    let made = try team.run("bundle", "native/checkbox", "--platform", "ios", "--out", "bags", "--json")
    #expect(made.status == 0, "\(made.stderr)")
    let path = try #require((try made.json() as? [String: Any])?["path"] as? String)
    let manifests = try Self.manifests(path)
    #expect(manifests.contains(String(sha.prefix(12))), "\(manifests)")
    #expect(try team.run("verify", path).status == 0)
    // Deleted from the bucket behind Exhibit's back: refused, naming it, and nothing written.
    try FileManager.default.removeItem(at: bucket.storedFile("acme/recordings/\(sha)"))
    let refused = try team.run("bundle", "native/checkbox", "--platform", "ios", "--out", "later")
    #expect(refused.status == 1)
    #expect(refused.stderr.contains(sha) || refused.stderr.contains("checkboxVoiceOver"), "\(refused.stderr)")
    let later = (try? FileManager.default.contentsOfDirectory(atPath: team.path("later"))) ?? []
    #expect(later.filter { !$0.hasPrefix(".") }.isEmpty, "\(later)")
  }
}
