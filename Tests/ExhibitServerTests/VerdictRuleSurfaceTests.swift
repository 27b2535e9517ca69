import ExhibitKit
import Foundation
import HummingbirdTesting
import Testing

/// One gap rule and one verdict rule everywhere: web/checkbox on Windows with State passed on
/// NVDA and nothing from JAWS, and Group passed on JAWS and failed on NVDA, gives the same counts
/// (0 pass, 1 fail, 0 conflicting, 0 not applicable, 5 with gaps) in coverage, show, the
/// component page, the API, the bundle manifest, its EARL and its report.
@Suite struct VerdictRuleSurfaceTests {
  static let expected = ["pass": 0, "fail": 1, "conflicting": 0, "not_applicable": 0, "gaps": 5]
  static let nvda = "Media/web/checkbox/checkbox_WindowsNvdaChrome.webm"
  static let jaws = "Media/web/checkbox/checkbox_WindowsJawsChrome.webm"

  static func workspace() throws -> ServerWorkspace {
    let workspace = try ServerWorkspace { root in
      // Other bytes, so another recording: the same session as if recorded with JAWS.
      var bytes = try Data(contentsOf: root.appendingPathComponent(nvda))
      bytes.append(Data(count: 16))
      try bytes.write(to: root.appendingPathComponent(jaws))
    }
    try workspace.run("link", nvda, "web/checkbox#screenreader.state", "--verdict", "pass")
    try workspace.run("link", jaws, "web/checkbox#screenreader.group", "--verdict", "pass")
    try workspace.run("link", nvda, "web/checkbox#screenreader.group", "--verdict", "fail")
    return workspace
  }

  /// Counts named as the JSON summaries name them, from `coverage --json`'s `summary`.
  static func counts(_ summary: [String: Any]?) -> [String: Int] {
    var found: [String: Int] = [:]
    for (name, key) in [
      ("pass", "pass"), ("fail", "fail"), ("conflicting", "conflicts"), ("not_applicable", "not_applicable"),
      ("gaps", "gaps"),
    ] {
      found[name] = (summary?[key] as? NSNumber ?? summary?[name] as? NSNumber)?.intValue
    }
    return found
  }

  @Test func everySurfaceCountsTheSame() async throws {
    let workspace = try Self.workspace()
    let line = "6 items: 0 pass, 1 fail, 0 conflicting, 0 not applicable, 5 with gaps"

    let coverage = try #require(
      try JSONSerialization.jsonObject(
        with: Data(
          try workspace.run("coverage", "web/checkbox", "--platform", "windows", "--json").output.utf8))
        as? [String: Any])
    #expect(Self.counts(coverage["summary"] as? [String: Any]) == Self.expected)
    let group = (coverage["items"] as? [[String: Any]])?.first {
      $0["key"] as? String == "web/checkbox#screenreader.group"
    }
    #expect(group?["verdict"] as? String == "fail")
    #expect(try workspace.run("coverage", "web/checkbox", "--platform", "windows").output.contains(line))
    #expect(try workspace.run("show", "web/checkbox", "--platform", "windows").output.contains(line))

    let (page, api) = try await workspace.serve { client in
      var browser = BrowserSession(client)
      let page = try await browser.get("/components/web/checkbox?platform=windows").text
      let api = Data(
        try await browser.get("/api/components/web/checkbox/coverage?platform=windows").body.readableBytesView
      )
      return (page, api)
    }
    #expect(page.contains("0 pass · 1 fail · 0 not applicable · 5 gaps"))
    #expect(page.contains("gap on Windows JAWS"))
    #expect(!page.contains("conflicting"))
    let served = try JSONSerialization.jsonObject(with: api) as? [String: Any]
    #expect(Self.counts(served?["summary"] as? [String: Any]) == Self.expected)

    let made = try workspace.run(
      "bundle", "web/checkbox", "--platform", "windows", "--date", "2026-11-25", "--out", "bundles")
    #expect(made.status == 0)
    let bag = workspace.root.appendingPathComponent("bundles/web-checkbox-windows-2026-11-25/data")
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: bag.appendingPathComponent("manifest.json")))
        as? [String: Any])
    #expect(Self.counts(manifest["summary"] as? [String: Any]) == Self.expected)
    let items = manifest["items"] as? [[String: Any]] ?? []
    #expect(
      items.first { $0["key"] as? String == "web/checkbox#screenreader.group" }?["verdict"] as? String
        == "fail")
    #expect(
      items.first { $0["key"] as? String == "web/checkbox#screenreader.state" }?["gap"] as? Bool == true)

    let report = try String(contentsOf: bag.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(report.contains("0 pass, 1 fail, 0 conflicting, 0 not applicable, 5 with gaps"))
    #expect(try Self.earlCounts(Data(contentsOf: bag.appendingPathComponent("earl.jsonld"))) == Self.expected)
  }

  /// The counts EARL's assertions give, each test's outcomes over its columns read by the rule.
  static func earlCounts(_ data: Data) throws -> [String: Int] {
    let graph = try #require(
      (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["@graph"] as? [[String: Any]])
    var outcomes: [String: [String: [String]]] = [:]
    for node in graph where node["@type"] as? String == "earl:Assertion" {
      // An assertion's test is our item; beside it may stand the WCAG criteria the item is
      // necessary to (a list of tests, as JSON-LD allows).
      let tests = (node["earl:test"] as? [[String: Any]]) ?? [(node["earl:test"] as? [String: Any]) ?? [:]]
      let test =
        tests.compactMap { $0["@id"] as? String }.first { !$0.hasPrefix("https://www.w3.org/") } ?? ""
      let subject = (node["earl:subject"] as? [String: Any])?["@id"] as? String ?? ""
      let outcome =
        ((node["earl:result"] as? [String: Any])?["earl:outcome"] as? [String: Any])?["@id"] as? String ?? ""
      outcomes[test, default: [:]][subject, default: []].append(outcome)
    }
    var counts = ["pass": 0, "fail": 0, "conflicting": 0, "not_applicable": 0, "gaps": 0]
    for columns in outcomes.values {
      let said = columns.values.map(Set.init)
      if said.contains(where: { $0.contains("earl:failed") && !$0.contains("earl:passed") }) {
        counts["fail", default: 0] += 1
      } else if said.contains(where: { $0.contains("earl:failed") }) {
        counts["conflicting", default: 0] += 1
      } else if said.contains(where: { $0 == ["earl:untested"] }) {
        counts["gaps", default: 0] += 1
      } else if said.contains(where: { $0.contains("earl:passed") }) {
        counts["pass", default: 0] += 1
      } else {
        counts["not_applicable", default: 0] += 1
      }
    }
    return counts
  }
}
