import ExhibitKit
import ExhibitTestServers
import Foundation
import Testing

/// Bundles written to the evidence store's `exports/` (`bundle --to-store`).
@Suite struct StoreExportCommandTests {
  @Test func writesZipsAndBagsToTheBucketThatVerifyFromIt() throws {
    let server = try ObjectStoreServer()
    defer { server.stop() }
    let workspace = try CLIWorkspace.linked()
    workspace.environment.merge(server.environment) { $1 }
    workspace.environment["EXHIBIT_MEDIA"] = "s3://evidence/acme"
    #expect(try workspace.run("catalog").status == 0)
    let zipped = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--zip", "--to-store", "--date", "2026-11-25",
      "--json")
    #expect(zipped.status == 0, "\(zipped.stderr)")
    let zip = try #require(try zipped.json() as? [String: Any])
    let zipPath = try #require(zip["path"] as? String)
    #expect(zipPath.hasPrefix("s3://evidence/acme/exports/") && zipPath.hasSuffix(".zip"), "\(zipPath)")
    let stored = server.storedFile(String(zipPath.dropFirst("s3://evidence/".count)))
    // The bucket holds the zip that was printed, and it verifies from there.
    #expect(try FileHasher().hash(stored.path).sha256 == zip["sha256"] as? String)
    let copy = workspace.path("from-the-bucket.zip")
    try FileManager.default.copyItem(atPath: stored.path, toPath: copy)
    #expect(try workspace.run("verify", copy).status == 0)

    // A second export that day is NAME.2, as in a folder; nothing is left in the temporary folder.
    let second = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--zip", "--to-store", "--date", "2026-11-25")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains(String(zipPath.dropLast(".zip".count)) + ".2.zip"), "\(second.stdout)")

    // A bag: every file under its name, bagit.txt among them, and the bag verifies from the bucket.
    let bagged = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--to-store", "--date", "2026-11-25", "--json")
    #expect(bagged.status == 0, "\(bagged.stderr)")
    let bagPath = try #require((try bagged.json() as? [String: Any])?["path"] as? String)
    let bag = server.storedFile(String(bagPath.dropFirst("s3://evidence/".count)))
    #expect(FileManager.default.fileExists(atPath: bag.appendingPathComponent("bagit.txt").path))
    let verified = try workspace.run("verify", bag.path)
    #expect(verified.status == 0, "\(verified.stdout) \(verified.stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
      .filter { $0.hasPrefix("exhibit-export-") }
    #expect(left.isEmpty, "\(left)")
  }

  @Test func refusesWithoutAStoreOrWithAnOutputFolder() throws {
    let workspace = try CLIWorkspace.linked()
    workspace.environment.removeValue(forKey: "EXHIBIT_MEDIA")
    let noStore = try workspace.run("bundle", "native/checkbox", "--platform", "ios", "--to-store")
    #expect(noStore.status != 0)
    #expect(noStore.stderr.contains("--to-store needs an evidence store"), "\(noStore.stderr)")
    let both = try workspace.run("bundle", "native/checkbox", "--platform", "ios", "--to-store", "--out", "x")
    #expect(both.status != 0)
    #expect(both.stderr.contains("give no --out"), "\(both.stderr)")
  }
}
