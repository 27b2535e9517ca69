import Foundation
import Testing

@testable import ExhibitKit

@Suite struct GherkinFeatureTests {
  private func criteria(_ url: URL, component: ComponentID) throws -> (TemporaryFolder, ComponentCriteria) {
    let folder = try TemporaryFolder()
    let store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
    _ = try store.importCriteria([try CriteriaFixtures.document(url)], actor: "ana")
    return (folder, try store.componentCriteria(component))
  }

  @Test func platformFilterDropsStepsForOtherPlatformsWithTheirWhen() throws {
    let (_, checkbox) = try criteria(CriteriaFixtures.sampleMarkdown, component: "native/checkbox")
    let ios = GherkinFeature.render(checkbox, platform: .ios)
    #expect(!ios.contains("ENTER"))
    #expect(ios.contains("When I press the \"SPACEBAR\" key"))
    let android = GherkinFeature.render(checkbox, platform: .android)
    #expect(android.contains("Then the checkbox toggles on Android"))
    #expect(android.contains("When I press the \"ENTER\" key"))
  }

  /// Cucumber's own parser (the `gherkin-official` package, installed by `make test`) reads
  /// every feature we write.
  @Test(arguments: [
    (CriteriaFixtures.sampleMarkdown, "native/checkbox"), (CriteriaFixtures.sampleWeb, "web/checkbox"),
    (CriteriaFixtures.fixture("switch-variations.md"), "native/switch"),
  ])
  func cucumbersParserAcceptsTheFeature(url: URL, component: String) throws {
    let (folder, criteria) = try criteria(url, component: try #require(ComponentID(component)))
    for platform in [nil] + Platform.defaults(for: criteria.document.family) {
      let path = try folder.write("criteria.feature", GherkinFeature.render(criteria, platform: platform))
      let result = try PythonCheck.run(
        """
        import sys
        from gherkin.parser import Parser
        from gherkin.token_scanner import TokenScanner
        document = Parser().parse(TokenScanner(open(sys.argv[1]).read()))
        scenarios = [c['scenario'] for c in document['feature']['children'] if 'scenario' in c]
        print(len(scenarios), sum(len(s['steps']) for s in scenarios))
        """, arguments: [path])
      #expect(result.status == 0, "gherkin rejected the \(component) feature: \(result.error)")
      let counts = result.output.split(separator: " ").compactMap {
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      // A platform gets the scenarios for its kind of device (mobile or desktop), and those for both.
      let expected = criteria.scenarios.filter { scenario in
        platform.map { GherkinFeature.fits(scenario.title, $0) } ?? true
      }
      #expect(counts.first == expected.count)
      #expect((counts.last ?? 0) > 0)
    }
  }
}

/// Runs a Python snippet, for checks made with other projects' reference parsers.
enum PythonCheck {
  struct Result {
    let status: Int32
    let output: String
    let error: String
  }

  static func run(_ script: String, arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script] + arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self))
  }
}
