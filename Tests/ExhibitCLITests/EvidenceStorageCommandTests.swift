import ExhibitTestServers
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A workspace whose recordings live in an S3-compatible store (`--media`, `$EXHIBIT_MEDIA`), as
/// a team runs it: catalogue uploads before it records, bundles read the bucket back, and a store
/// that refuses, fails or lacks an object is said plainly, with nothing half-recorded.
@Suite struct EvidenceStorageCommandTests {
  @Test func cataloguesIntoTheBucketAndBundlesFromItAlone() throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let workspace = try CLIWorkspace.linked()
    workspace.environment.merge(server.environment) { $1 }
    // Recordings catalogued before the store was set are stored by the next catalogue.
    let first = try workspace.run("catalog", "--media", "s3://evidence/acme", "--json")
    #expect(first.status == 0, "\(first.stderr)")
    let storage = try #require((try first.json() as? [String: Any])?["storage"] as? [String: Any])
    #expect(storage["location"] as? String == "s3://evidence/acme")
    let recordings = try #require(
      try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    let shas = recordings.compactMap { $0["sha256"] as? String }
    #expect(shas.count == 4)
    for sha in shas {
      let stored = server.storedFile("acme/recordings/\(sha)")
      #expect(FileManager.default.fileExists(atPath: stored.path), "\(sha) not in the bucket")
    }
    #expect(storage["stored"] as? Int == shas.count + 3)  // and three caption files
    // Set by the variable, the next run finds everything stored.
    workspace.environment["EXHIBIT_MEDIA"] = "s3://evidence/acme"
    let again = try #require(try workspace.run("catalog", "--json").json() as? [String: Any])
    #expect((again["storage"] as? [String: Any])?["stored"] as? Int == 0)

    let local = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "local", "--date", "2026-11-25", "--media",
      "")
    #expect(local.status == 0, "\(local.stderr)")
    // With the recordings gone from disk, the bag is made from the bucket: the same payload.
    try FileManager.default.moveItem(atPath: workspace.path("Media"), toPath: workspace.path("Elsewhere"))
    let remote = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "remote", "--date", "2026-11-25", "--json")
    #expect(remote.status == 0, "\(remote.stderr)")
    let bag = try #require((try remote.json() as? [String: Any])?["path"] as? String)
    let localBag = workspace.path("local/\((bag as NSString).lastPathComponent)")
    #expect(
      try String(contentsOfFile: bag + "/manifest-sha256.txt", encoding: .utf8)
        == String(contentsOfFile: localBag + "/manifest-sha256.txt", encoding: .utf8))
    #expect(try workspace.run("verify", bag).status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.path("remote")).count == 1)

    // A recording deleted from the bucket behind Exhibit's back: the bundle is refused, naming it.
    let voiceOver = try #require(
      recordings.first { ($0["path"] as? String)?.hasSuffix("checkboxVoiceOver.webm") == true }?["sha256"]
        as? String)
    try FileManager.default.removeItem(at: server.storedFile("acme/recordings/\(voiceOver)"))
    let refused = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "refused", "--date", "2026-11-25")
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("checkboxVoiceOver.webm: not readable from the evidence store"),
      "\(refused.stderr)")
    #expect(refused.stderr.contains("acme/recordings/\(voiceOver) is not in the bucket"))
    let left = (try? FileManager.default.contentsOfDirectory(atPath: workspace.path("refused"))) ?? []
    #expect(left.isEmpty, "\(left)")
  }

  @Test func aStoreThatRefusesWritesLeavesNothingCatalogued() throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let refusing = try FaultProxy(before: server, mode: "fail-writes")
    defer { refusing.stop() }
    let workspace = try CLIWorkspace.withMedia()
    workspace.environment.merge(server.environment) { $1 }
    workspace.environment["AWS_ENDPOINT_URL"] = "http://127.0.0.1:\(refusing.port)"
    let failed = try workspace.run("catalog", "--media", "s3://evidence")
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("not stored in s3://evidence, so not catalogued"), "\(failed.stderr)")
    #expect(failed.stderr.contains("the object store failed 4 times; last: 500 InternalError"))
    #expect(failed.stdout.contains("4 scanned: 0 added"), "\(failed.stdout)")
    let none = try #require(try workspace.run("recordings", "list", "--json").json() as? [Any])
    #expect(none.isEmpty)
    // Once the store takes writes again, a rerun completes.
    workspace.environment["AWS_ENDPOINT_URL"] = server.endpointURL
    let rerun = try workspace.run("catalog", "--media", "s3://evidence")
    #expect(rerun.status == 0, "\(rerun.stderr)")
    #expect(rerun.stdout.contains("4 scanned: 4 added"))
    #expect(rerun.stdout.contains("7 files stored in s3://evidence"))
  }

  @Test func aWrongKeyOrMissingBucketStopsBeforeAnyWork() throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let workspace = try CLIWorkspace.withMedia()
    workspace.environment.merge(server.environment) { $1 }
    workspace.environment["AWS_SECRET_ACCESS_KEY"] = "a-wrong-secret-0000"
    let refused = try workspace.run("catalog", "--media", "s3://evidence/acme")
    #expect(refused.status == 1)
    #expect(
      refused.stderr.contains("refused the access key \(ObjectStoreServer.accessKeyID) for bucket evidence"))
    #expect(!refused.stderr.contains("a-wrong-secret-0000"))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("Database/exhibit.sqlite")))
    workspace.environment.merge(server.environment) { $1 }
    let missing = try workspace.run("catalog", "--media", "s3://not-made-yet")
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("bucket not-made-yet does not exist at \(server.endpointURL)"))
    let malformed = try workspace.run("catalog", "--media", "evidence")
    #expect(malformed.status != 0)
    #expect(malformed.stderr.contains("must be s3://bucket or s3://bucket/prefix"))
  }

  /// `workspace` catalogued into `s3://evidence/team` on `server`, its `Media/` moved away so only
  /// the bucket has the recordings; with the VoiceOver sample's SHA-256 and bytes.
  static func inTheBucketAlone(_ server: ObjectStoreServer, _ workspace: CLIWorkspace) throws -> (
    CLIWorkspace, String, Data
  ) {
    workspace.environment.merge(server.environment) { $1 }
    #expect(try workspace.run("catalog", "--media", "s3://evidence/team").status == 0)
    let recordings = try #require(
      try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    let sha = try #require(
      recordings.first { ($0["path"] as? String)?.hasSuffix("checkboxVoiceOver.webm") == true }?["sha256"]
        as? String)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: workspace.path(CLIWorkspace.voiceOver)))
    try FileManager.default.moveItem(atPath: workspace.path("Media"), toPath: workspace.path("Elsewhere"))
    return (workspace, sha, bytes)
  }

  @Test func servesRecordingsFromTheBucketWithTheSameRanges() async throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let (workspace, sha, bytes) = try Self.inTheBucketAlone(server, try CLIWorkspace.withMedia())
    let web = try RunningServer(workspace, ["--media", "s3://evidence/team"])
    defer { _ = web.stop() }
    let url = try #require(URL(string: web.base + "/media/\(sha)"))
    let (whole, wholeAnswer) = try await URLSession.shared.data(from: url)
    #expect((wholeAnswer as? HTTPURLResponse)?.statusCode == 200)
    #expect(whole == bytes)
    var ranged = URLRequest(url: url)
    ranged.setValue("bytes=100-4195", forHTTPHeaderField: "Range")
    let (part, partAnswer) = try await URLSession.shared.data(for: ranged)
    let partial = try #require(partAnswer as? HTTPURLResponse)
    #expect(partial.statusCode == 206)
    #expect(partial.value(forHTTPHeaderField: "Content-Range") == "bytes 100-4195/\(bytes.count)")
    #expect(part == bytes[100...4195])
    ranged.setValue("bytes=\(bytes.count)-", forHTTPHeaderField: "Range")
    #expect((try await URLSession.shared.data(for: ranged).1 as? HTTPURLResponse)?.statusCode == 416)
    // An object deleted behind Exhibit's back is gone, said so, not a broken stream.
    try FileManager.default.removeItem(at: server.storedFile("team/recordings/\(sha)"))
    let (body, goneAnswer) = try await URLSession.shared.data(from: url)
    #expect((goneAnswer as? HTTPURLResponse)?.statusCode == 410)
    #expect(String(decoding: body, as: UTF8.self).contains("is not in the evidence store"))
  }

  /// Bytes altered in the bucket behind Exhibit's back: a player never gets them as a whole
  /// recording, and a bundle stops reading at the catalogued size and refuses them.
  @Test func alteredOrSwollenBytesInTheBucketAreNeitherServedNorBundled() async throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let (workspace, sha, original) = try Self.inTheBucketAlone(server, try CLIWorkspace.catalogued())
    var bytes = original
    let stored = server.storedFile("team/recordings/\(sha)")
    // The same length, one byte changed.
    bytes[bytes.count / 2] ^= 0xFF
    try bytes.write(to: stored)
    let web = try RunningServer(workspace, ["--media", "s3://evidence/team"])
    defer { _ = web.stop() }
    let url = try #require(URL(string: web.base + "/media/\(sha)"))
    do {
      let (body, answer) = try await URLSession.shared.data(from: url)
      #expect(body != bytes, "the altered recording was sent whole: \(answer)")
    } catch {
      // The answer was cut short: the player never took the bytes as the recording.
    }
    workspace.environment["EXHIBIT_MEDIA"] = "s3://evidence/team"
    let altered = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "altered", "--date", "2026-11-25")
    #expect(altered.status == 1)
    #expect(altered.stderr.contains("not to the catalogued \(sha)"), "\(altered.stderr)")
    // Swollen to a hundred times its size: the bundle stops at the catalogued size.
    try Data(repeating: 0x41, count: bytes.count * 100).write(to: stored)
    let swollen = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "swollen", "--date", "2026-11-25")
    #expect(swollen.status == 1)
    // Stopped at the catalogued size, or (a bucket that keeps the object's length, as this one)
    // refused by its hash: never written whole.
    #expect(
      swollen.stderr.contains("the bucket sent more than the catalogued \(bytes.count) bytes")
        || swollen.stderr.contains("not to the catalogued \(sha)"), "\(swollen.stderr)")
    let left = (try? FileManager.default.contentsOfDirectory(atPath: workspace.path("swollen"))) ?? []
    #expect(left.isEmpty, "\(left)")
    // A range of the swollen object is exactly the bytes asked for, never more.
    var ranged = URLRequest(url: url)
    ranged.setValue("bytes=0-99", forHTTPHeaderField: "Range")
    let (part, _) = try await URLSession.shared.data(for: ranged)
    #expect(part.count == 100)
  }

  @Test(TeamCatalogue.sqliteOnly) func migrateMovesAWorkspacesEvidenceToTheStoreOnce() throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let workspace = try CLIWorkspace.linked()
    workspace.environment.merge(server.environment) { $1 }
    let moved = try workspace.run("migrate", "--media-to", "s3://evidence/moved", "--json")
    #expect(moved.status == 0, "\(moved.stderr)")
    let report = try #require(try moved.json() as? [String: Any])
    #expect(report["location"] as? String == "s3://evidence/moved")
    #expect(report["stored"] as? Int == 7)  // four recordings, three caption files
    #expect((report["problems"] as? [Any])?.isEmpty == true)
    let again = try workspace.run("migrate", "--media-to", "s3://evidence/moved")
    #expect(again.stdout.contains("0 files stored in s3://evidence/moved, 0 failed"), "\(again.stdout)")
    try FileManager.default.moveItem(atPath: workspace.path("Media"), toPath: workspace.path("Elsewhere"))
    let bag = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "bags", "--media", "s3://evidence/moved")
    #expect(bag.status == 0, "\(bag.stderr)")
    let elsewhere = try CLIWorkspace()
    elsewhere.environment.merge(server.environment) { $1 }
    let none = try elsewhere.run("migrate", "--media-to", "s3://evidence/moved")
    #expect(none.status == 1)
    #expect(none.stderr.contains("exhibit init"), "\(none.stderr)")
  }
}
