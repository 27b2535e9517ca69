import ExhibitTestServers
import Foundation
import Testing

/// The real MagentaA11y recordings catalogued into an S3-compatible bucket (nanio on 127.0.0.1):
/// every recording and caption stored by its hash, and bags made from the bucket that match, file
/// for file, the bags made from the files; skipped when `../shared/corpus` is absent.
@Suite(.enabled(if: CLIWorkspace.corpus != nil, "../shared/corpus is absent"))
struct CorpusStorageTests {
  @Test func theCorpusInTheBucketBundlesAsTheFilesDo() throws {
    let corpus = try #require(CLIWorkspace.corpus)
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let workspace = try CLIWorkspace()
    workspace.environment.merge(server.environment) { $1 }
    #expect(
      try workspace.run("criteria", "import", corpus.appendingPathComponent("documentation").path).status == 0
    )
    let media = corpus.appendingPathComponent("media").path
    let catalogued = try workspace.run("catalog", media, "--media", "s3://evidence/corpus", "--json")
    #expect(catalogued.status == 0, "\(catalogued.stderr)")
    let recordings = try #require(
      try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    #expect(recordings.count == 8)
    for recording in recordings {
      let sha = try #require(recording["sha256"] as? String)
      let stored = try Data(contentsOf: server.storedFile("corpus/recordings/\(sha)"))
      #expect(
        stored == (try Data(contentsOf: URL(fileURLWithPath: try #require(recording["path"] as? String)))))
    }
    let captions = try FileManager.default.contentsOfDirectory(
      atPath: server.storedFile("corpus/captions").path)
    #expect(captions.count == 8, "the caption without a recording is not stored: \(captions)")

    let video = corpus.appendingPathComponent("media/video").path
    for (path, item, platform) in [
      ("native/checkbox/checkboxVoiceOver.webm", "native/checkbox#screenreader.role", "ios"),
      ("web/checkbox/checkbox_WindowsNvdaChrome.webm", "web/checkbox#screenreader.role", "windows"),
    ] {
      let link = try workspace.run(
        "link", "\(video)/\(path)", item, "--verdict", "pass", "--from", "1", "--to", "3")
      #expect(link.status == 0, "\(link.stderr)")
      let component = String(item.prefix { $0 != "#" })
      var bags: [String] = []
      for (folder, store) in [("files", ""), ("bucket", "s3://evidence/corpus")] {
        let made = try workspace.run(
          "bundle", component, "--platform", platform, "--out", folder, "--date", "2026-11-25", "--json",
          "--media", store)
        #expect(made.status == 0, "\(made.stderr)")
        let bag = try #require((try made.json() as? [String: Any])?["path"] as? String)
        #expect(try workspace.run("verify", bag).status == 0)
        bags.append(bag)
      }
      let manifests = try bags.map {
        try String(contentsOfFile: $0 + "/manifest-sha256.txt", encoding: .utf8)
      }
      #expect(manifests[0] == manifests[1])
      #expect(manifests[0].contains("data/recordings/"))
    }
  }
}
