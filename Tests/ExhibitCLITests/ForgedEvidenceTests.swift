import Foundation
import Testing

/// The forgeries of an attacker who knows the bag's layout: the agent line and the signature
/// removed, the page people read edited, a recording swapped, a tag file added to a signed bag,
/// and rows edited in the workspace behind the audit trail. `verify` fails every one, naming what
/// changed, with and without the workspace, as a bag and as a zip; `bundle` refuses to sign a
/// workspace that verify rejects.
@Suite(.enabled(if: PythonTools.bagitAvailable, "bagit-python is absent; run Scripts/install-deps.sh"))
struct ForgedEvidenceTests {
  /// Runs a Python script that edits the bag at `bag`, then re-saves it with bagit-python.
  static func forgeAsBagit(_ bag: String, _ edit: String) throws {
    let script = """
      import sys, os, bagit
      bag_path = sys.argv[1]
      def read(name): return open(os.path.join(bag_path, name), encoding='utf-8').read()
      def write(name, text): open(os.path.join(bag_path, name), 'w', encoding='utf-8').write(text)
      \(edit)
      bag = bagit.Bag(bag_path)
      bag.info.pop('Bag-Software-Agent', None)
      bag.save(manifests=True)
      bagit.Bag(bag_path).validate()
      """
    let result = try Python.run(script, [bag])
    #expect(result.0 == 0, "bagit-python: \(result.1)")
  }

  /// A stored zip of the bag folder, as another tool would make it.
  static func zipped(_ bag: String) throws -> String {
    let zip = bag + ".forged.zip"
    let script = """
      import sys, os, zipfile
      bag, out = sys.argv[1], sys.argv[2]
      top = os.path.basename(bag)
      with zipfile.ZipFile(out, 'w', zipfile.ZIP_STORED) as z:
          for folder, _, files in sorted(os.walk(bag)):
              for name in sorted(files):
                  path = os.path.join(folder, name)
                  z.write(path, os.path.join(top, os.path.relpath(path, bag)))
      """
    let result = try Python.run(script, [bag, zip])
    #expect(result.0 == 0, "\(result.1)")
    return zip
  }

  static let forgeEverything = """
    manifest = read('data/manifest.json').replace('"verdict" : "fail"', '"verdict" : "pass"')
    manifest = manifest.replace('"overall_status" : "fail"', '"overall_status" : "incomplete"')
    write('data/manifest.json', manifest)
    write('data/report.html', read('data/report.html').replace('Overall: Fail', 'Overall: Pass'))
    os.remove(os.path.join(bag_path, 'exhibit-signature.json'))
    recordings = os.path.join(bag_path, 'data', 'recordings')
    video = sorted(f for f in os.listdir(recordings) if f.endswith('.webm'))[0]
    with open(os.path.join(recordings, video), 'ab') as f: f.write(b'swapped')
    """

  @Test func theWholeForgeryFailsAsABagAndAsAZipWithAndWithoutTheWorkspace() throws {
    let (workspace, bag) = try CLIWorkspace.signedBag()
    try Self.forgeAsBagit(bag, Self.forgeEverything)
    let zip = try Self.zipped(bag)
    for target in [bag, zip] {
      for extra in [[], ["--without-db"]] {
        let result = try workspace.run(["verify", target] + extra)
        #expect(result.status == 1, "\(target) \(extra)")
        #expect(!result.stdout.contains("valid Exhibit evidence bag"))
        #expect(result.stdout.contains("does not verify"))
        #expect(result.stderr.contains("Bag-Software-Agent is missing"))
        #expect(result.stderr.contains("data/report.html: not what manifest.json renders to"))
        #expect(result.stderr.contains("verdict pass where the audit trail records fail"))
        #expect(result.stderr.contains("the manifest says SHA-256"))
        if extra.isEmpty {
          #expect(result.stderr.contains("signs every bag it makes"))
        } else {
          #expect(result.stderr.contains("not signed"))
        }
      }
    }
    let json = try workspace.run("verify", bag, "--without-db", "--json")
    let report = try #require(try json.json() as? [String: Any])
    #expect(report["kind"] as? String == "exhibit")
    let checks = try #require(report["checks"] as? [[String: Any]])
    let outcomes = Dictionary(
      uniqueKeysWithValues: checks.map { ($0["name"] as? String ?? "", $0["outcome"] as? String ?? "") })
    #expect(outcomes["evidence"] == "failed")
    #expect(outcomes["rendering"] == "failed")
    #expect(outcomes["signature"] == "warning")
    #expect(outcomes["workspace"] == "skipped")
  }

  @Test func anUnsignedExhibitBagFailsWhenASignatureIsRequired() throws {
    let (workspace, bag) = try CLIWorkspace.signedBag()
    try FileManager.default.removeItem(atPath: bag + "/exhibit-signature.json")
    let resaved = try Python.run(
      "import sys, bagit; b = bagit.Bag(sys.argv[1]); b.save(manifests=True)", [bag])
    #expect(resaved.0 == 0, "\(resaved.1)")
    let alone = try workspace.run("verify", bag, "--without-db")
    #expect(alone.status == 0, "\(alone.stderr)")
    #expect(alone.stderr.contains("warning"))
    let required = try workspace.run("verify", bag, "--without-db", "--require-signature")
    #expect(required.status == 1)
    #expect(required.stderr.contains("--require-signature"))
  }

  @Test func aTagFileAddedToASignedBagIsRefused() throws {
    let (workspace, bag) = try CLIWorkspace.signedBag()
    try "<script>alert(1)</script>".write(toFile: bag + "/extra.html", atomically: true, encoding: .utf8)
    let resaved = try Python.run(
      "import sys, bagit; b = bagit.Bag(sys.argv[1]); b.save(manifests=True); bagit.Bag(sys.argv[1]).validate()",
      [bag])
    #expect(resaved.0 == 0, "\(resaved.1)")
    let listed = try String(contentsOfFile: bag + "/tagmanifest-sha256.txt", encoding: .utf8)
    #expect(listed.contains("extra.html"))
    let result = try workspace.run("verify", bag)
    #expect(result.status == 1)
    #expect(result.stderr.contains("extra.html: extra: a tag file Exhibit never writes"))
    #expect(result.stderr.contains("exhibit-signature.json: the signature does not match"))
  }

  @Test func aBagOfBagitPythonAloneVerifiesAsPlainBagIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "some payload".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
    let made = try Python.run("import sys, bagit; bagit.make_bag(sys.argv[1])", [folder])
    #expect(made.0 == 0, "\(made.1)")
    let workspace = try CLIWorkspace()
    let result = try workspace.run("verify", folder, "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let report = try #require(try result.json() as? [String: Any])
    #expect(report["kind"] as? String == "bagit")
    let text = try workspace.run("verify", folder)
    #expect(text.stdout.contains("a BagIt bag: no Exhibit evidence checked"))
    #expect(!text.stdout.contains("verdicts follow"))
  }

  @Test(TeamCatalogue.sqliteOnly) func editsBehindTheTrailAreNamedAndBundleRefusesThem() throws {
    let edits: [(String, String)] = [
      (
        "UPDATE criteria_item SET not_applicable = 1 WHERE key = 'native/checkbox#screenreader.state';",
        "native/checkbox#screenreader.state: its label, expectation"
      ),
      (
        // The VoiceOver recording, whichever row the catalogue gave it (probes finish in any order).
        """
        UPDATE recording SET platform = 'android', assistive_tech = 'talkback'
        WHERE id = (SELECT recording_id FROM recording_path WHERE path LIKE '%checkboxVoiceOver.webm');
        """,
        "its platform, assistive tech differ"
      ),
      (
        """
        UPDATE caption_cue SET text = 'forged words' WHERE id = (SELECT min(c.id) FROM caption_cue c
          JOIN caption_track t ON t.id = c.track_id WHERE t.path LIKE '%checkboxVoiceOver-en-US.vtt');
        """, "its cues (text or times) differ"
      ),
      ("UPDATE account SET role = 'auditor' WHERE name = 'rita';", "account:rita: its role is auditor"),
      // A chain verify already reports broken is not exported either.
      (
        "DROP TRIGGER audit_event_no_delete; DELETE FROM audit_event WHERE id = 2;",
        "audit_event:3: events 2–2 are missing"
      ),
    ]
    for (script, named) in edits {
      let (workspace, _) = try CLIWorkspace.signedBag()
      #expect(
        try workspace.addAccount("rita", role: "reviewer", password: "a password long enough to pass") == 0)
      #expect(try workspace.run("verify").status == 0)
      try Python.forge(workspace.path("Database/exhibit.sqlite"), script)
      let verify = try workspace.run("verify")
      #expect(verify.status == 1, "\(script)")
      #expect(verify.stderr.contains(named), "\(script): \(verify.stderr)")
      let bundle = try workspace.run(
        "bundle", "native/checkbox", "--platform", "ios", "--out", "refused", "--date", "2026-11-23")
      #expect(bundle.status == 1, "\(script)")
      #expect(bundle.stderr.contains("the bundle was not made"))
      #expect(
        !FileManager.default.fileExists(atPath: workspace.path("refused/native-checkbox-ios-2026-11-23")))
    }
  }

  @Test func aZipWhoseLocalHeaderDisagreesWithItsDirectoryFails() throws {
    let (workspace, _) = try CLIWorkspace.signedBag()
    let made = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "zips", "--zip", "--date", "2026-11-24",
      "--json")
    let zip = try #require((try made.json() as? [String: Any])?["path"] as? String)
    #expect(try workspace.run("verify", zip).status == 0)
    // The first entry's local CRC-32 changed; the central directory keeps the right one.
    let patched = try Python.run(
      "import sys; d = bytearray(open(sys.argv[1], 'rb').read()); d[14] ^= 0xff; open(sys.argv[1], 'wb').write(d)",
      [zip])
    #expect(patched.0 == 0)
    let result = try workspace.run("verify", zip)
    #expect(result.status == 1)
    #expect(result.stderr.contains("disagree with the central directory"))
  }

  @Test func aSigningKeyOthersCanReadIsWarnedAboutAndRefusedWithStrict() throws {
    let (workspace, _) = try CLIWorkspace.signedBag()
    let key = workspace.path("Database/exhibit-signing.key")
    #expect(chmod(key, 0o644) == 0)
    let warned = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "keys", "--date", "2026-11-24")
    #expect(warned.status == 0, "\(warned.stderr)")
    #expect(warned.stderr.contains("readable by others"))
    let strict = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "strict", "--date", "2026-11-24", "--strict")
    #expect(strict.status == 1)
    #expect(strict.stderr.contains("--strict"))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("strict/native-checkbox-ios-2026-11-24")))
  }
}
