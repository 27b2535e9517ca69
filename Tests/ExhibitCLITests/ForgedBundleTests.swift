import ExhibitKit
import Foundation
import Testing

/// A forger who edits a bag's verdicts and re-saves its manifests with bagit-python (so every
/// checksum is right again) is caught by `exhibit verify`: by the audit events in the bag, by the
/// signature, and by the workspace's audit trail, even when the forger recomputes the event's hash.
@Suite(.enabled(if: PythonTools.bagitAvailable, "bagit-python is absent; run Scripts/install-deps.sh"))
struct ForgedBundleTests {
  /// Replaces text in a bag file, then re-saves every manifest as bagit-python does.
  static func forge(_ bag: String, _ file: String, _ edit: (String) throws -> String) throws {
    try BagForgery.forge(bag, file, edit)
  }

  static func failToPass(_ text: String) -> String {
    text.replacingOccurrences(of: "\"verdict\" : \"fail\"", with: "\"verdict\" : \"pass\"")
      .replacingOccurrences(of: "\"overall_status\" : \"fail\"", with: "\"overall_status\" : \"incomplete\"")
  }

  @Test func aVerdictFlippedInTheManifestIsCaughtWithOrWithoutTheWorkspace() throws {
    let (workspace, bag) = try CLIWorkspace.signedBag()
    try Self.forge(bag, "data/manifest.json", Self.failToPass)
    for arguments in [["verify", bag], ["verify", bag, "--without-db"]] {
      let result = try workspace.run(arguments)
      #expect(result.status == 1)
      #expect(
        result.stderr.contains("data/manifest.json: link 2: verdict pass where the audit trail records fail"))
      #expect(result.stderr.contains("exhibit-signature.json: the signature does not match"))
    }
  }

  /// A copy claiming its audit closed, or another release, or a report layout Exhibit never
  /// wrote, or renamed: each is named by the bag's own audit events and fields, with or without
  /// the workspace, whatever the signature says.
  @Test func anAuditStateReleaseLayoutOrNameNotMadeByExhibitIsNamed() throws {
    let (workspace, bag) = try CLIWorkspace.signedBag()
    let manifest = try String(contentsOfFile: bag + "/data/manifest.json", encoding: .utf8)
    #expect(manifest.contains("\"report_layout\" : 7") && manifest.contains("\"state\" : \"open\""))
    try Self.forge(bag, "data/manifest.json") {
      $0.replacingOccurrences(of: "\"state\" : \"open\"", with: "\"state\" : \"closed\"")
        .replacingOccurrences(of: "\"release\" : \"unknown\"", with: "\"release\" : \"2.0\"")
        .replacingOccurrences(of: "\"report_layout\" : 7", with: "\"report_layout\" : 8")
    }
    let renamed = (bag as NSString).deletingLastPathComponent + "/renamed-bag"
    try FileManager.default.moveItem(atPath: bag, toPath: renamed)
    let result = try workspace.run("verify", renamed, "--without-db")
    #expect(result.status == 1)
    for named in [
      "report_layout 8 is not one Exhibit writes",
      "is said to be closed, but no audit.close event is in the bag",
      "release is 2.0, its events record unknown",
      "the bag is named renamed-bag, but was made as \((bag as NSString).lastPathComponent)",
    ] {
      #expect(result.stderr.contains(named), "\(named): \(result.stderr)")
    }
  }

  @Test func aVerdictFlippedInTheAuditLogToo() throws {
    let (workspace, bag) = try CLIWorkspace.signedBag()
    try Self.forge(bag, "data/manifest.json", Self.failToPass)
    try Self.forge(bag, "data/audit-log.json") {
      $0.replacingOccurrences(of: #"\"verdict\":\"fail\""#, with: #"\"verdict\":\"pass\""#)
    }
    let result = try workspace.run("verify", bag, "--without-db")
    #expect(result.status == 1)
    #expect(result.stderr.contains("its hash does not match its content, so it was edited"))
  }

  @Test func aForgerWhoRecomputesTheEventHashIsCaughtByTheWorkspaceAndTheSignature() throws {
    let (workspace, bag) = try CLIWorkspace.signedBag()
    try Self.forge(bag, "data/manifest.json", Self.failToPass)
    try Self.forge(bag, "data/audit-log.json") { text in
      let data = Data(text.utf8)
      var log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      var events = try #require(log["events"] as? [[String: Any]])
      for index in events.indices where events[index]["subject"] as? String == "link:2" {
        var event = events[index]
        let after = (event["after"] as? String ?? "").replacingOccurrences(
          of: #""verdict":"fail""#, with: #""verdict":"pass""#)
        event["after"] = after
        event["hash"] = AuditEvent.chainHash(
          previousHash: event["previous_hash"] as? String ?? "",
          id: (event["id"] as? NSNumber)?.int64Value ?? 0,
          at: event["at"] as? String ?? "", actor: event["actor"] as? String ?? "",
          action: event["action"] as? String ?? "", subject: event["subject"] as? String ?? "",
          before: event["before"] as? String, after: after)
        events[index] = event
      }
      log["events"] = events
      return String(
        decoding: try JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted]), as: UTF8.self)
    }
    let withWorkspace = try workspace.run("verify", bag)
    #expect(withWorkspace.status == 1)
    #expect(withWorkspace.stderr.contains("(link.create link:2) differs from the workspace's audit trail"))
    #expect(withWorkspace.stderr.contains("the signature does not match"))
    // Without the workspace, the signature still tells.
    let alone = try workspace.run("verify", bag, "--without-db")
    #expect(alone.status == 1)
    #expect(alone.stderr.contains("the signature does not match"))
    #expect(!alone.stderr.contains("link 2: verdict"))
  }

  @Test func aBagFromAnotherWorkspaceIsNamedAsSuch() throws {
    let (maker, bag) = try CLIWorkspace.signedBag()
    let other = try CLIWorkspace.linked()
    defer { withExtendedLifetime(maker) {} }
    #expect(try other.run("bundle", "native/checkbox", "--platform", "ios", "--out", "own").status == 0)
    let result = try other.run("verify", bag)
    #expect(result.status == 1)
    #expect(result.stderr.contains("differs from the workspace's audit trail"))
    #expect(result.stderr.contains("not this workspace's key"))
    #expect(try other.run("verify", bag, "--without-db").status == 0)
  }
}

/// Which of the Python tools the tests use are installed.
enum PythonTools {
  static let bagitAvailable = (try? Python.run("import bagit", []).0) == 0
}
