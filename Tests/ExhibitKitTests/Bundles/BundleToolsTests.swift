import Foundation
import Testing

@testable import ExhibitKit

/// Our bundles as other projects' tools read them. `make test` installs the tools
/// (Scripts/install-deps.sh); where one is absent its test is skipped and says so.
@Suite struct BundleToolsTests {
  static func available(_ module: String) -> Bool {
    (try? PythonCheck.run("import \(module)", arguments: []).status) == 0
  }

  /// Whether axe-playwright-python's axe.min.js is installed (found, not imported: importing it
  /// would need Playwright).
  static var axeCoreShipped: Bool {
    let find =
      "import importlib.util, sys; sys.exit(importlib.util.find_spec('axe_playwright_python') is None)"
    return (try? PythonCheck.run(find, arguments: []).status) == 0
  }

  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test(.enabled(if: available("bagit"), "bagit-python is absent; run Scripts/install-deps.sh"))
  func bagitPythonAcceptsOurBagsAndWeAcceptItsBags() async throws {
    let workspace = try await SampleWorkspace.judged()
    let ours = try workspace.exportBundle().path
    let validate = """
      import sys, bagit
      bag = bagit.Bag(sys.argv[1])
      bag.validate()
      print(len(bag.payload_entries()))
      """
    let result = try PythonCheck.run(validate, arguments: [ours])
    #expect(result.status == 0, "bagit-python rejected our bag: \(result.error)")
    // The rendered files, recordings and captions, and the still frame of its one failing verdict.
    #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "9")

    // A bag bagit-python makes (sha256 and sha512 manifests, a name needing percent-encoding).
    let theirs = workspace.folder.path("theirs")
    try FileManager.default.createDirectory(atPath: theirs + "/sub", withIntermediateDirectories: true)
    try Data("hello".utf8).write(to: URL(fileURLWithPath: theirs + "/sub/a%b c.txt"))
    try FileManager.default.copyItem(
      atPath: workspace.path(SampleWorkspace.nvda), toPath: theirs + "/nvda.webm")
    let make = try PythonCheck.run(
      "import sys, bagit; bagit.make_bag(sys.argv[1], checksums=['sha256', 'sha512'])", arguments: [theirs])
    #expect(make.status == 0, "\(make.error)")
    let report = try BagVerifier.verify(theirs)
    #expect(report.valid, "\(report.problems)")
    #expect(report.files == 2)
    try Bytes.flip(theirs + "/data/nvda.webm", at: 100)
    let broken = try BagVerifier.verify(theirs).problems
    #expect(broken.filter { $0.path == "data/nvda.webm" && $0.problem.hasPrefix("altered") }.count == 2)
    let rejected = try PythonCheck.run(validate, arguments: [theirs])
    #expect(rejected.status != 0)
  }

  @Test(.enabled(if: available("gherkin"), "gherkin-official is absent; run Scripts/install-deps.sh"))
  func cucumbersParserReadsTheFeature() async throws {
    let workspace = try await SampleWorkspace.judged()
    let bag = try workspace.exportBundle().path
    let result = try PythonCheck.run(
      """
      import sys
      from gherkin.parser import Parser
      from gherkin.token_scanner import TokenScanner
      document = Parser().parse(TokenScanner(open(sys.argv[1]).read()))
      print(len([c for c in document['feature']['children'] if 'scenario' in c]))
      """, arguments: [bag + "/data/criteria.feature"])
    #expect(result.status == 0, "\(result.error)")
    #expect((Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0)
  }

  @Test(.enabled(if: available("pyld"), "pyld is absent; run Scripts/install-deps.sh"))
  func pyldExpandsTheEARL() async throws {
    let workspace = try await SampleWorkspace.judged()
    let bag = try workspace.exportBundle().path
    let result = try PythonCheck.run(
      """
      import json, sys
      from pyld import jsonld
      expanded = jsonld.expand(json.load(open(sys.argv[1])))
      earl = 'http://www.w3.org/ns/earl#'
      outcomes = sorted(
          a[earl + 'result'][0][earl + 'outcome'][0]['@id'].split('#')[1]
          for a in expanded if earl + 'Assertion' in a.get('@type', []))
      pointers = [a[earl + 'result'][0].get(earl + 'pointer') for a in expanded if earl + 'Assertion' in a.get('@type', [])]
      print(json.dumps({'outcomes': outcomes, 'pointers': [p[0]['@id'] for p in pointers if p]}))
      """, arguments: [bag + "/data/earl.jsonld"])
    #expect(result.status == 0, "\(result.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let outcomes = try #require(object["outcomes"] as? [String])
    #expect(outcomes.filter { $0 == "passed" }.count == 1)
    #expect(outcomes.filter { $0 == "failed" }.count == 1)
    #expect(outcomes.filter { $0 == "untested" }.count == outcomes.count - 2)
    let pointers = try #require(object["pointers"] as? [String])
    #expect(pointers.contains { $0.hasSuffix("data/recordings/checkboxVoiceOver.webm#t=0.4,5.2") })
  }

  @Test(
    .enabled(
      if: available("selenium") && axeCoreShipped
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"),
      "selenium, axe-playwright-python (axe-core 4.x) or chromium is absent; run Scripts/install-deps.sh"))
  func axeFindsNoWCAGViolationsInTheReport() async throws {
    let workspace = try await SampleWorkspace.judged()
    let bag = try workspace.exportBundle().path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Self.repository.appendingPathComponent("Scripts/check_report_a11y.py").path,
      bag + "/data/report.html", "--screenshots",
      Self.repository.appendingPathComponent(".build/report-screenshots/sample-ios").path,
    ]
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let complaint = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "axe: \(printed) \(complaint)")
    let result = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
    #expect((result["violations"] as? [Any])?.isEmpty == true)
    #expect((result["passes"] as? Int ?? 0) > 5, "axe ran its rules")
    #expect((result["axe"] as? String ?? "").hasPrefix("4."), "a current axe-core (4.x) ran")
  }
}
