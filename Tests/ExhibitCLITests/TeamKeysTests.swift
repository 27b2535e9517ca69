import Foundation
import Testing

/// A team's signing keys: `keys public`, `add`, `list`, `revoke`, audited and replayed by `verify`
/// on either catalogue; and on a shared PostgreSQL catalogue, teammates' bags verify on each other's
/// machines once their keys are registered, while a key revoked or added after a bag was made
/// does not vouch for it.
@Suite struct TeamKeysTests {
  @Test func keysAreAddedListedRevokedAndAudited() throws {
    let workspace = try CLIWorkspace.catalogued()
    let key = workspace.path("ada.pub")
    let written = try workspace.run("keys", "public", "--out", key)
    #expect(written.status == 0, "\(written.stderr)")
    let line = try String(contentsOfFile: key, encoding: .utf8).trimmingCharacters(in: .newlines)
    #expect(Data(base64Encoded: line)?.count == 32)
    #expect(try workspace.run("keys", "public").stdout.trimmingCharacters(in: .newlines) == line)
    let added = try workspace.run("keys", "add", "ada", key)
    #expect(added.status == 0 && added.stdout.contains("added ada's key"), "\(added.stderr)")
    let twice = try workspace.run("keys", "add", "ada-again", key)
    #expect(twice.status == 1 && twice.stderr.contains("this key is registered already, as ada"))
    let junk = workspace.path("junk.pub")
    try "not a key\n".write(toFile: junk, atomically: true, encoding: .utf8)
    let refused = try workspace.run("keys", "add", "bo", junk)
    #expect(refused.status == 1 && refused.stderr.contains("junk.pub: not a public signing key"))
    let listed = try #require(try workspace.run("keys", "list", "--json").json() as? [[String: Any]])
    #expect(listed.map { $0["name"] as? String } == ["ada"] && listed.first?["revoked_at"] is NSNull)
    #expect(try workspace.run("keys", "revoke", "ada").status == 0)
    #expect(try workspace.run("keys", "revoke", "ada").stderr.contains("ada: the key was revoked already"))
    let history = try #require(try workspace.run("history", "--json").json() as? [[String: Any]])
    let keyEvents = history.filter { $0["subject"] as? String == "key:ada" }.map { $0["action"] as? String }
    #expect(keyEvents == ["key.add", "key.revoke"])
    #expect(try workspace.run("verify").status == 0)
    // A key slipped into the table behind the trail is named.
    guard !TeamCatalogue.isOn else { return }
    try Python.forge(
      workspace.path("Database/exhibit.sqlite"),
      "INSERT INTO team_key (name, public_key, fingerprint, added_at, added_by) "
        + "VALUES ('mallory', 'AAAA', 'ffff', '2026-01-01T00:00:00.000Z', 'mallory');")
    let verify = try workspace.run("verify")
    #expect(
      verify.status == 1 && verify.stderr.contains("key:mallory: no key.add event records it"),
      "\(verify.stderr)")
  }

  @Test(.enabled(if: TeamCatalogue.isOn, "teammates share a catalogue on PostgreSQL"))
  func teammatesBagsVerifyOnEachOthersMachines() throws {
    let (ada, _) = try ServerCatalogues.withMedia(on: ServerCatalogues.cluster.get())
    #expect(try ada.run("catalog", "Media").status == 0)
    // Bo works in a folder of his own, on the same catalogue, with a key of his own.
    let bo = try CLIWorkspace()
    bo.environment = ada.environment
    let linked = try bo.run(
      "link", ada.path(CLIWorkspace.voiceOver), "native/checkbox#screenreader.state", "--verdict", "fail")
    #expect(linked.status == 0, "\(linked.stderr)")
    func bag(_ who: CLIWorkspace, _ out: String) throws -> String {
      let made = try who.run(
        "bundle", "native/checkbox", "--platform", "ios", "--out", who.path(out), "--json")
      #expect(made.status == 0, "\(made.stderr)")
      return try #require((try made.json() as? [String: Any])?["path"] as? String)
    }
    let early = try bag(bo, "early")
    #expect(try ada.run("keys", "public").status == 0)
    let strange = try ada.run("verify", early)
    #expect(strange.status == 1 && strange.stderr.contains("nor one of the team's"), "\(strange.stderr)")
    // Bo's key registered: his bags made from now on verify on Ada's machine, naming him.
    #expect(try bo.run("keys", "public", "--out", bo.path("bo.pub")).status == 0)
    #expect(try ada.run("keys", "add", "bo", bo.path("bo.pub")).status == 0)
    let registered = try bag(bo, "registered")
    let verified = try ada.run("verify", registered, "--json")
    #expect(verified.status == 0, "\(verified.stderr)")
    let signature = (try verified.json() as? [String: Any])?["signature"] as? [String: Any]
    #expect(signature?["signer"] as? String == "bo")
    // The bag made before the key was registered is not vouched for by it.
    #expect(try ada.run("verify", early).stderr.contains("registered only after the bag was made"))
    // Revoked: bags made before still verify; one made after does not.
    #expect(try ada.run("keys", "revoke", "bo").status == 0)
    #expect(try ada.run("verify", registered).status == 0)
    let late = try bag(bo, "late")
    let refused = try ada.run("verify", late)
    #expect(refused.status == 1 && refused.stderr.contains("bo's, revoked before the bag was made"))
    #expect(try ada.run("verify").status == 0)
  }
}
