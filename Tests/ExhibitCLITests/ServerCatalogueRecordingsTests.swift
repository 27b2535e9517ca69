import ExhibitTestServers
import Foundation
import Testing

/// `exhibit catalog` on a PostgreSQL catalogue with the recordings in a bucket, as a team runs
/// it: the files are read on the auditor's machine, uploaded and checked, then recorded in the
/// server's database, with the same recordings, captions and search hits as a workspace of its
/// own; and the database restarted under a catalogue leaves nothing half-recorded.
@Suite(.serialized, TeamCatalogue.once) struct ServerCatalogueRecordingsTests {
  /// What a listing says of each recording, without where the workspace is.
  static func recordings(_ workspace: CLIWorkspace) throws -> [String] {
    let listed = try workspace.run("recordings", "list", "--json")
    #expect(listed.status == 0, "\(listed.stderr)")
    return try #require(try listed.json() as? [[String: Any]]).map { recording in
      recording.filter { $0.key != "path" }.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        + " " + ((recording["path"] as? String) ?? "").replacingOccurrences(of: workspace.root.path, with: "")
    }.sorted()
  }

  @Test func cataloguesIntoPostgresAndTheBucketAsIntoAWorkspace() throws {
    let (team, _) = try ServerCatalogues.withMedia(on: ServerCatalogues.cluster.get())
    let bucket = try ObjectStoreServer()
    defer { bucket.stop() }
    team.environment.merge(bucket.environment) { $1 }
    let first = try team.run("catalog", "--media", "s3://evidence/acme", "--json")
    #expect(first.status == 0, "\(first.stderr)")
    let report = try #require(try first.json() as? [String: Any])
    #expect(report["added"] as? Int == 4)
    #expect((report["storage"] as? [String: Any])?["stored"] as? Int == 7)  // and three caption files
    let listed = try Self.recordings(team)
    #expect(listed.count == 4)
    for recording in try #require(try team.run("recordings", "list", "--json").json() as? [[String: Any]]) {
      let sha = try #require(recording["sha256"] as? String)
      #expect(FileManager.default.fileExists(atPath: bucket.storedFile("acme/recordings/\(sha)").path))
    }
    // A workspace of its own, catalogued from the same files, lists the same.
    let local = try CLIWorkspace.withMedia()
    #expect(try local.run("criteria", "import", CLIWorkspace.sampleCriteria).status == 0)
    let localRun = try local.run("catalog", "--json")
    #expect(localRun.status == 0, "\(localRun.stderr)")
    #expect(try Self.recordings(local) == listed)
    // Run again, nothing is read, stored or recorded again.
    team.environment["EXHIBIT_MEDIA"] = "s3://evidence/acme"
    let again = try #require(try team.run("catalog", "--json").json() as? [String: Any])
    #expect(again["unchanged"] as? Int == 4)
    #expect((again["storage"] as? [String: Any])?["stored"] as? Int == 0)
    // What was said in a recording is found on the server as in the workspace.
    for query in [["double tap", "--kind", "captions"], ["checkbox", "--kind", "recordings"]] {
      let found = try team.run(["search"] + query + ["--json"])
      #expect(found.status == 0, "\(found.stderr)")
      let hits = try #require((try found.json() as? [String: Any])?["hits"] as? [[String: Any]])
      let localHits = try #require(
        (try local.run(["search"] + query + ["--json"]).json() as? [String: Any])?["hits"] as? [[String: Any]]
      )
      #expect(!hits.isEmpty)
      #expect(hits.count == localHits.count)
    }
    // What the file name could not say is set by hand, and shown, on the server too.
    let set = try team.run("recordings", "set", CLIWorkspace.voiceOver, "--device", "iPhone 15", "--json")
    #expect(set.status == 0, "\(set.stderr)")
    let shown = try team.run("recordings", "show", CLIWorkspace.voiceOver, "--json")
    #expect(shown.status == 0, "\(shown.stderr)")
    let attribution = (try shown.json() as? [String: Any])?["attribution"] as? [String: Any]
    #expect("\(attribution?["device"] ?? "-")".contains("iPhone 15"), "\(shown.stdout)")
    let verified = try ServerCatalogues.verifiedCopy(team)
    #expect((verified["problems"] as? [Any])?.isEmpty == true)
  }

  @Test func aRestartDuringACatalogueLeavesNothingHalfRecorded() throws {
    let server = try PostgresServer()
    defer { server.stop() }
    let (workspace, database) = try ServerCatalogues.withMedia(on: server)
    // Many files, a transaction each; the restart comes once the first is stored.
    let many = workspace.root.appendingPathComponent("Many")
    try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
    let sources = ["native/checkbox/checkboxVoiceOver", "native/checkbox/checkbox_AndroidTalkback"]
    let count = 300
    for index in 0..<count {
      try FileManager.default.copyItem(
        at: workspace.root.appendingPathComponent("Media/\(sources[index % sources.count]).webm"),
        to: many.appendingPathComponent("take-\(index).webm"))
    }
    func stored() throws -> [Int] {
      try server.psql(
        database: database,
        """
        SELECT (SELECT count(*) FROM recording_path) || ' ' || (SELECT count(*) FROM recording) || ' '
          || (SELECT count(*) FROM audit_event WHERE action = 'recording.catalog')
        """
      ).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").compactMap { Int($0) }
    }
    let cataloguing = try workspace.start(["catalog", "Many", "--batch-size", "1"])
    while cataloguing.0.isRunning, try stored().first == 0 { Thread.sleep(forTimeInterval: 0.01) }
    try server.restart()
    let first = workspace.finish(cataloguing)
    // Cut off: a clear error naming the database, and the batches before it kept whole.
    #expect(first.status == 1, "the run ended before the restart; the test proves nothing")
    #expect(
      first.stderr.contains("postgres://exhibit_app@127.0.0.1:\(server.port)/\(database)"), "\(first.stderr)")
    #expect(!first.stderr.contains("Fatal error"))
    let cut = try stored()
    #expect(cut[0] > 0 && cut[0] < count, "\(cut)")
    let rerun = try workspace.run("catalog", "Many", "--json")
    #expect(rerun.status == 0, "\(rerun.stderr)")
    // Every path, of two recordings, each recording catalogued once.
    #expect(try stored() == [count, 2, 2])
    let report = try ServerCatalogues.verifiedCopy(workspace)
    #expect((report["problems"] as? [Any])?.isEmpty == true)
  }
}
