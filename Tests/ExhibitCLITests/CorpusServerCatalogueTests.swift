import ExhibitTestServers
import Foundation
import Testing

/// The real MagentaA11y documents and recordings in a team's Exhibit (PostgreSQL and a bucket)
/// and in a workspace of its own, from the same files: the same criteria, components, recordings,
/// captions and search hits (as sets); and `migrate` back keeps every row and the chain's head.
/// Skipped when `../shared/corpus` is absent.
@Suite(.enabled(if: CLIWorkspace.corpus != nil, "../shared/corpus is absent"), TeamCatalogue.once)
struct CorpusServerCatalogueTests {
  /// Searches over what was said, what was written and file names, with filters.
  static let searches: [[String]] = [
    ["checkbox"], ["\"double tap\""], ["checked", "--kind", "captions"], ["select*", "--platform", "ios"],
    ["checkbox* OR button*", "--kind", "recordings"], ["spacebar", "--component", "web/checkbox"],
    ["not checked", "--kind", "captions", "--platform", "windows"],
  ]

  /// A search's hits as sets of what makes each that hit, not its score or snippet.
  static func hits(_ workspace: CLIWorkspace, _ query: [String]) throws -> [String] {
    let found = try workspace.run(["search"] + query + ["--limit", "1000", "--json"])
    #expect(found.status == 0, "\(query): \(found.stderr)")
    let hits = try #require((try found.json() as? [String: Any])?["hits"] as? [[String: Any]])
    return hits.map { hit in
      ["kind", "source", "component", "item", "title", "start_seconds", "recording"].map {
        "\(hit[$0] ?? "-")"
      }
      .joined(separator: " ")
    }.sorted()
  }

  /// A JSON document as text without the times it was catalogued and seen at, which differ
  /// between two catalogues of the same files.
  static func timeless(_ document: Any) -> String {
    switch document {
    case let object as [String: Any]:
      return "{"
        + object.filter { !["catalogued_at", "first_seen", "last_seen"].contains($0.key) }
        .sorted { $0.key < $1.key }.map { "\($0.key): \(timeless($0.value))" }.joined(separator: ", ") + "}"
    case let array as [Any]: return "[" + array.map(timeless).joined(separator: ", ") + "]"
    default: return "\(document)"
    }
  }

  @Test func theCorpusOnPostgresAndInTheBucketIsTheWorkspacesCorpus() throws {
    let corpus = try #require(CLIWorkspace.corpus)
    let documents = corpus.appendingPathComponent("documentation").path
    let media = corpus.appendingPathComponent("media").path
    let (team, _, _) = try ServerCatalogues.workspace(role: "exhibit_owner")
    let bucket = try ObjectStoreServer()
    defer { bucket.stop() }
    team.environment.merge(bucket.environment) { $1 }
    team.environment["EXHIBIT_MEDIA"] = "s3://evidence/corpus"
    let local = try CLIWorkspace()
    #expect(try team.run("init").status == 0)
    #expect(try local.run("init").status == 0)
    for workspace in [team, local] {
      let imported = try workspace.run("criteria", "import", documents)
      #expect(imported.status == 0, "\(imported.stderr)")
      let catalogued = try workspace.run("catalog", media, "--json")
      #expect(catalogued.status == 0, "\(catalogued.stderr)")
    }
    #expect(try ServerCatalogues.listing(team) == ServerCatalogues.listing(local))
    for command in [["recordings", "list", "--json"], ["criteria", "show", "web/checkbox", "--json"]] {
      let (onServer, inWorkspace) = (try team.run(command), try local.run(command))
      #expect(onServer.status == 0, "\(onServer.stderr)")
      #expect(onServer.stdout == inWorkspace.stdout, "\(command)")
    }
    let recordings = try #require(try team.run("recordings", "list", "--json").json() as? [[String: Any]])
    #expect(recordings.count == 8)
    for recording in recordings {
      let sha = try #require(recording["sha256"] as? String)
      #expect(FileManager.default.fileExists(atPath: bucket.storedFile("corpus/recordings/\(sha)").path))
      let path = try #require(recording["path"] as? String)
      let detail = ["recordings", "show", path, "--json"]
      #expect(
        try Self.timeless(team.run(detail).json()) == Self.timeless(local.run(detail).json()), "\(path)")
    }
    for query in Self.searches {
      let onServer = try Self.hits(team, query)
      #expect(!onServer.isEmpty, "\(query) finds nothing")
      #expect(onServer == (try Self.hits(local, query)), "\(query)")
    }
    // An audit on both, with the links the captions suggest: the same coverage everywhere.
    for workspace in [team, local] {
      for arguments in [["product", "add", "Acme App"], ["audit", "new", "Acme App", "--release", "1.0"]] {
        let ran = try workspace.run(arguments)
        #expect(ran.status == 0, "\(arguments): \(ran.stderr)")
      }
    }
    let (teamAccepted, localAccepted) = (
      try team.run("suggest", "--accept", "--json"), try local.run("suggest", "--accept", "--json")
    )
    #expect(teamAccepted.status == localAccepted.status)
    #expect(Self.timeless(try teamAccepted.json()) == Self.timeless(try localAccepted.json()))
    let components = Set(recordings.compactMap { $0["component"] as? String }).sorted()
    #expect(!components.isEmpty)
    for component in components {
      let coverage = ["coverage", component, "--json"]
      #expect(try team.run(coverage).stdout == local.run(coverage).stdout, "\(component)")
    }
    // Back to a file: every row and the chain's head kept, and the copy verifies.
    let head = try #require(
      (try team.run("verify", "--json").json() as? [String: Any])?["head_hash"] as? String)
    let back = local.path("back.sqlite")
    let returned = try team.run(
      "migrate", "--from", team.environment["EXHIBIT_DB"] ?? "", "--to", back, "--json")
    #expect(returned.status == 0, "\(returned.stderr)")
    #expect((try returned.json() as? [String: Any])?["head_hash"] as? String == head)
    let checked = try local.run("verify", "--db", back)
    #expect(checked.status == 0, "\(checked.stdout)")
    // Every bag of the audit, from PostgreSQL and the bucket and from that file: the same payload,
    // and each verifies.
    let fromPostgres = try team.run("bundle", "--all", "--out", "from-postgres", "--date", "2026-11-26")
    #expect(fromPostgres.status == 0, "\(fromPostgres.stderr)")
    let fromFile = try local.run(
      "bundle", "--all", "--db", back, "--out", "from-sqlite", "--date", "2026-11-26")
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    let bags = try FileManager.default.contentsOfDirectory(atPath: team.path("from-postgres"))
      .filter { !$0.hasSuffix(".html") }.sorted()
    #expect(!bags.isEmpty)
    #expect(
      bags
        == (try FileManager.default.contentsOfDirectory(atPath: local.path("from-sqlite"))
          .filter { !$0.hasSuffix(".html") }.sorted()))
    for bag in bags {
      let (mine, theirs) = (team.path("from-postgres/\(bag)"), local.path("from-sqlite/\(bag)"))
      #expect(
        try String(contentsOfFile: mine + "/manifest-sha256.txt", encoding: .utf8)
          == String(contentsOfFile: theirs + "/manifest-sha256.txt", encoding: .utf8), "\(bag)")
      #expect(try team.run("verify", mine).status == 0, "\(bag)")
      #expect(try local.run("verify", theirs, "--db", back).status == 0, "\(bag)")
    }
  }
}
