import Foundation
import HummingbirdTesting
import Testing

/// bagit-python, which the forger uses.
enum BagitPython {
  static let available = (try? run("import bagit", [])) == 0

  @discardableResult
  static func run(_ script: String, _ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// The web bundle page says what `exhibit verify` says: a zip forged in the exports folder (its
/// report edited, its signature and agent line removed, its manifests re-saved with bagit-python)
/// does not verify, and the page names what changed and lists each check.
@Suite(.enabled(if: BagitPython.available, "bagit-python is absent; run Scripts/install-deps.sh"))
struct ForgedBundlePageTests {
  static let forge = """
    import sys, os, zipfile, tempfile, bagit
    zip_path = sys.argv[1]
    scratch = tempfile.mkdtemp()
    with zipfile.ZipFile(zip_path) as z: z.extractall(scratch)
    top = os.listdir(scratch)[0]
    bag = os.path.join(scratch, top)
    report = os.path.join(bag, 'data', 'report.html')
    text = open(report, encoding='utf-8').read().replace('Overall: Incomplete', 'Overall: Pass')
    open(report, 'w', encoding='utf-8').write(text)
    os.remove(os.path.join(bag, 'exhibit-signature.json'))
    b = bagit.Bag(bag); b.info.pop('Bag-Software-Agent', None); b.save(manifests=True)
    os.remove(zip_path)
    with zipfile.ZipFile(zip_path, 'w', zipfile.ZIP_STORED) as z:
        for folder, _, files in sorted(os.walk(bag)):
            for name in sorted(files):
                path = os.path.join(folder, name)
                z.write(path, os.path.join(top, os.path.relpath(path, bag)))
    """

  @Test func aForgedZipIsShownAsNotVerifying() async throws {
    let workspace = try ServerWorkspace()
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      let exported = try await browser.post(
        "/bundles", form: [("component", "native/checkbox"), ("platform", "ios")])
      let bundle = try #require(exported.headers[.location])
      let before = try await browser.get(bundle).text
      #expect(before.contains("It verifies"))
      let name = String(bundle.split(separator: "/").last ?? "").removingPercentEncoding ?? ""
      let zip = workspace.root.appendingPathComponent("Exports/\(name)").path
      #expect(try BagitPython.run(Self.forge, [zip]) == 0)
      let after = try await browser.get(bundle).text
      #expect(!after.contains("It verifies"))
      #expect(after.contains("It does not verify"))
      #expect(after.contains("report.html: not what manifest.json renders to"))
      #expect(after.contains("Bag-Software-Agent is missing"))
      #expect(after.contains("What verify checked"))
    }
  }
}
