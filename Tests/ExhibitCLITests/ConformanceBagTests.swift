import Foundation
import Testing

/// An audit's bags carry its conformance report (`acr.yaml`, `acr.html`) drafted from the bag's
/// own evidence, with the levels decided for the bag's component type; `exhibit verify` renders
/// them again and checks the decisions and mapping rows against the bag's audit log, so a forger
/// who raises a level, or the decision behind it, and re-saves the checksums is caught.
@Suite(.enabled(if: PythonTools.bagitAvailable, "bagit-python is absent; run Scripts/install-deps.sh"))
struct ConformanceBagTests {
  /// A bag of the hand-worked audit's native checkbox on iOS, with a report author, a decided
  /// level and a workspace mapping row.
  static func bag() throws -> (CLIWorkspace, String) {
    let workspace = try CLIWorkspace.conformanceAudit()
    for arguments in [
      ["acr", "author", "Nina Auditor <nina@example.org>"],
      ["acr", "set", "1", "2.1.1", "supports", "--component-type", "software", "--remarks", "Space works"],
      [
        "wcag", "map", "native/checkbox#settings.text-resize", "1.4.4", "--relation", "necessary", "--reason",
        "the product promises 200%",
      ],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let made = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "bags", "--date", "2026-11-25", "--json")
    #expect(made.status == 0, "\(made.stderr)")
    return (workspace, try #require((try made.json() as? [String: Any])?["path"] as? String))
  }

  @Test func aBagCarriesItsReportAndItVerifies() throws {
    let (workspace, bag) = try Self.bag()
    let yaml = try String(contentsOfFile: bag + "/data/acr.yaml", encoding: .utf8)
    #expect(yaml.contains("level: does-not-support") && yaml.contains("num: 1.4.4"))
    let page = try String(contentsOfFile: bag + "/data/acr.html", encoding: .utf8)
    #expect(page.contains("Space works") && page.contains("href=\"report.html#item-native-checkbox-"))
    let report = try String(contentsOfFile: bag + "/data/report.html", encoding: .utf8)
    #expect(report.contains("id=\"item-native-checkbox-screenreader-state\""))
    #expect(report.contains("WCAG 4.1.2 Name, Role, Value (necessary)"))
    let earl = try String(contentsOfFile: bag + "/data/earl.jsonld", encoding: .utf8)
    #expect(earl.contains("https://www.w3.org/TR/WCAG22/#name-role-value"))
    #expect(try workspace.run("verify", bag).status == 0)
    if FileManager.default.fileExists(atPath: CLIWorkspace.openACR.path) {
      let check = try Python.run([
        Python.script("check_openacr.py"), bag + "/data/acr.yaml", CLIWorkspace.openACR.path,
      ])
      #expect(check.status == 0, "\(check.stdout)")
    }
  }

  @Test func aRaisedLevelIsCaught() throws {
    let (workspace, bag) = try Self.bag()
    try BagForgery.forge(bag, "data/acr.yaml") {
      $0.replacingOccurrences(of: "level: does-not-support", with: "level: supports")
    }
    let raised = try workspace.run("verify", bag, "--without-db")
    #expect(raised.status == 1)
    #expect(raised.stderr.contains("data/acr.yaml: not what manifest.json renders to"))
  }

  @Test func aForgedDecisionIsCaught() throws {
    let (workspace, bag) = try Self.bag()
    try BagForgery.forge(bag, "data/manifest.json") {
      $0.replacingOccurrences(of: "\"remarks\" : \"Space works\"", with: "\"remarks\" : \"Everything works\"")
    }
    try BagForgery.forge(bag, "data/acr.yaml") {
      $0.replacingOccurrences(of: "Space works", with: "Everything works")
    }
    let forged = try workspace.run("verify", bag, "--without-db")
    #expect(forged.status == 1)
    #expect(forged.stderr.contains("is not the one its acr.set event records"), "\(forged.stderr)")
    let dropped = try workspace.run("verify", bag, "--without-db")
    #expect(dropped.stderr.contains("data/acr.html: not what manifest.json renders to"))
  }
}
