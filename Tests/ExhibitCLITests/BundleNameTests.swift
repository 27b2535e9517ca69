import Foundation
import Testing

/// Recordings and captions whose safe names collide (long names cut to the same 120 characters,
/// identical captions in different folders, names differing only in case) each keep their own
/// file in the bag, and the bag is valid.
@Suite struct BundleNameTests {
  @Test func collidingNamesStayDistinctAndTheBagIsValid() throws {
    let workspace = try CLIWorkspace.catalogued()
    let voiceOver = CLIWorkspace.repository.appendingPathComponent(
      "Media/native/checkbox/checkboxVoiceOver.webm")
    let captions = CLIWorkspace.repository.appendingPathComponent(
      "Media/native/checkbox/checkboxVoiceOver-en-US.vtt")
    let long = String(repeating: "x", count: 125)
    let recording = try Data(contentsOf: voiceOver)
    var expected: [String] = []
    // Four roots, each laid out as native/checkbox/, so every recording is the component's.
    for (index, (root, stem)) in [
      ("Media", "\(long)VoiceOver-first"), ("More", "\(long)VoiceOver-second"),
      ("Other", "CheckboxVoiceOver"),
      ("Last", "checkboxvoiceover"),
    ].enumerated() {
      let path = try workspace.write("\(root)/native/checkbox/\(stem).webm", recording + Data([UInt8(index)]))
      _ = try workspace.write("\(root)/native/checkbox/\(stem)-en-US.vtt", try Data(contentsOf: captions))
      expected.append(path)
    }
    #expect(try workspace.run("catalog", "Media", "More", "Other", "Last").status == 0)
    let made = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "bags", "--date", "2026-11-22", "--json")
    #expect(made.status == 0, "\(made.stderr)")
    let bag = try #require((try made.json() as? [String: Any])?["path"] as? String)
    let files = try FileManager.default.contentsOfDirectory(atPath: bag + "/data/recordings")
    #expect(files.filter { $0.hasSuffix(".webm") }.count == 5, "\(files)")
    #expect(files.filter { $0.hasSuffix(".vtt") }.count == 5, "\(files)")
    #expect(Set(files.map { $0.lowercased() }).count == files.count)
    #expect(files.allSatisfy { $0.count <= 120 })
    #expect(try workspace.run("verify", bag).status == 0)
    if PythonTools.bagitAvailable {
      #expect(
        try Python.run("import sys, bagit; bagit.Bag(sys.argv[1]).validate()", [bag]).0 == 0)
    }
  }
}
