import Foundation
import Testing

/// Evidence bundles of the real MagentaA11y checkbox recordings, checked by bagit-python,
/// Cucumber's gherkin, pyld and axe-core; skipped when `../shared/corpus` is absent.
@Suite(.enabled(if: CLIWorkspace.corpus != nil, "../shared/corpus is absent"))
struct CorpusBundleTests {
  static func flip(_ path: String) throws {
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    defer { try? handle.close() }
    let size = try handle.seekToEnd()
    try handle.seek(toOffset: size / 2)
    let byte = try #require(try handle.read(upToCount: 1))
    try handle.seek(toOffset: size / 2)
    try handle.write(contentsOf: Data([byte[0] ^ 0x01]))
  }

  @Test func checkboxBundlesPassEveryOutsideCheck() throws {
    let corpus = try #require(CLIWorkspace.corpus)
    let workspace = try CLIWorkspace()
    #expect(
      try workspace.run("criteria", "import", corpus.appendingPathComponent("documentation").path).status == 0
    )
    #expect(try workspace.run("catalog", corpus.appendingPathComponent("media").path).status == 0)
    let video = corpus.appendingPathComponent("media/video").path
    let links: [[String]] = [
      [
        "\(video)/native/checkbox/checkboxVoiceOver.webm", "native/checkbox#screenreader.role", "pass",
        "0.84", "3.68",
      ],
      [
        "\(video)/native/checkbox/checkboxTalkback.webm", "native/checkbox#screenreader.state", "pass",
        "1.44", "2.24",
      ],
      [
        "\(video)/web/checkbox/checkbox_WindowsNvdaChrome.webm", "web/checkbox#screenreader.role", "pass",
        "1", "4",
      ],
      [
        "\(video)/web/checkbox/checkbox_WindowsJawsChrome.webm", "web/checkbox#keyboard.spacebar", "fail",
        "20", "25",
      ],
    ]
    for link in links {
      let result = try workspace.run(
        [
          "link", link[0], link[1], "--verdict", link[2], "--from", link[3], "--to", link[4], "--note",
          "heard it",
        ])
      #expect(result.status == 0, "\(result.stderr)")
    }
    let repository = CLIWorkspace.repository.path
    for (component, platform) in [
      ("native/checkbox", "ios"), ("native/checkbox", "android"), ("web/checkbox", "windows"),
    ] {
      let made = try workspace.run(
        "bundle", component, "--platform", platform, "--out", "bags", "--date", "2026-11-21", "--json")
      #expect(made.status == 0, "\(made.stderr)")
      let bag = try #require((try made.json() as? [String: Any])?["path"] as? String)
      #expect(try workspace.run("verify", bag).status == 0)
      let bagit = try Python.run("import sys, bagit; bagit.Bag(sys.argv[1]).validate()", [bag])
      #expect(bagit.0 == 0, "bagit-python: \(bagit.1)")
      let gherkin = try Python.run(
        """
        import sys
        from gherkin.parser import Parser
        from gherkin.token_scanner import TokenScanner
        Parser().parse(TokenScanner(open(sys.argv[1]).read()))
        """, [bag + "/data/criteria.feature"])
      #expect(gherkin.0 == 0, "gherkin: \(gherkin.1)")
      let pyld = try Python.run(
        "import json, sys; from pyld import jsonld; assert jsonld.expand(json.load(open(sys.argv[1])))",
        [bag + "/data/earl.jsonld"])
      #expect(pyld.0 == 0, "pyld: \(pyld.1)")
      let axe = try Python.run(
        "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
        [
          "\(repository)/Scripts/check_report_a11y.py", bag + "/data/report.html", "--screenshots",
          "\(repository)/.build/report-screenshots/corpus-\(component.replacingOccurrences(of: "/", with: "-"))-\(platform)",
        ])
      #expect(axe.0 == 0, "axe: \(axe.1)")
      let recordings = try FileManager.default.contentsOfDirectory(atPath: bag + "/data/recordings")
      #expect(recordings.contains { $0.hasSuffix(".webm") }, "\(component) \(platform)")
    }
    // Two zips of the same state and date are identical.
    for out in ["zip-a", "zip-b"] {
      #expect(
        try workspace.run(
          "bundle", "web/checkbox", "--platform", "windows", "--out", out, "--zip", "--date", "2026-11-21"
        )
        .status == 0)
    }
    let name = "web-checkbox-windows-2026-11-21.zip"
    #expect(
      FileManager.default.contentsEqual(
        atPath: workspace.path("zip-a/\(name)"), andPath: workspace.path("zip-b/\(name)")))
    // One flipped byte in any payload or tag file is caught and named.
    let bag = workspace.path("bags/web-checkbox-windows-2026-11-21")
    let files = try FileManager.default.subpathsOfDirectory(atPath: bag).filter {
      var folder: ObjCBool = false
      return FileManager.default.fileExists(atPath: bag + "/" + $0, isDirectory: &folder) && !folder.boolValue
    }
    #expect(files.count >= 11)
    for file in files {
      try Self.flip(bag + "/" + file)
      let verify = try workspace.run("verify", bag)
      #expect(verify.status == 1 && verify.stderr.contains(file), "\(file) was not named: \(verify.stderr)")
      try Self.flip(bag + "/" + file)
    }
    #expect(try workspace.run("verify", bag).status == 0)
  }
}
