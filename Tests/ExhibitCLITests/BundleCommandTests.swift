import Foundation
import Testing

/// `exhibit bundle` and `exhibit verify BUNDLE` as a compliance team runs them.
@Suite struct BundleCommandTests {
  @Test func bundleAndVerifyPrintTheDesignKeys() throws {
    let workspace = try CLIWorkspace.linked()
    let result = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "bundles", "--zip", "--date", "2026-11-21",
      "--json")
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(try result.json() as? [String: Any])
    let path = try #require(object["path"] as? String)
    #expect(path == workspace.path("bundles/native-checkbox-ios-2026-11-21.zip"))
    #expect(object["files"] as? Int == 13)  // with the sample screenshot
    #expect((object["signed_by"] as? String)?.count == 16)
    #expect((object["sha256"] as? String)?.count == 64)
    #expect((object["bytes"] as? Int ?? 0) > 50_000)
    let verify = try workspace.run("verify", path, "--json")
    #expect(verify.status == 0, "\(verify.stderr)")
    let report = try #require(try verify.json() as? [String: Any])
    #expect(report["valid"] as? Bool == true)
    #expect((report["problems"] as? [Any])?.isEmpty == true)
    let again = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "bundles", "--zip", "--date", "2026-11-21")
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("native-checkbox-ios-2026-11-21.2.zip"))
  }

  @Test func verifyNamesProblemsAndFails() throws {
    let workspace = try CLIWorkspace.linked()
    #expect(
      try workspace.run("bundle", "native/checkbox", "--platform", "ios", "--date", "2026-11-21").status == 0)
    let bag = workspace.path("native-checkbox-ios-2026-11-21")
    try Data("tampered".utf8).write(to: URL(fileURLWithPath: bag + "/data/criteria.feature"))
    let verify = try workspace.run("verify", bag)
    #expect(verify.status == 1)
    #expect(verify.stderr.contains("data/criteria.feature: altered"))
    let json = try #require(try workspace.run("verify", bag, "--json").json() as? [String: Any])
    let problems = try #require(json["problems"] as? [[String: Any]])
    #expect(problems.contains { $0["path"] as? String == "data/criteria.feature" })
    let nothing = try workspace.run("verify", workspace.path("no-such-bag"))
    #expect(nothing.status == 1 && nothing.stderr.contains("no-such-bag"))
  }

  @Test func aKilledExportLeavesNothingAtTheTargetAndTheNextOneSweepsItsRemains() throws {
    let workspace = try CLIWorkspace.linked()
    workspace.environment["EXHIBIT_TEST_KILL_AT"] = "rename:1"
    let killed = try workspace.run("bundle", "native/checkbox", "--platform", "ios", "--date", "2026-11-21")
    #expect(killed.killed, "the export was not killed: \(killed.status) \(killed.stderr)")
    let target = workspace.path("native-checkbox-ios-2026-11-21")
    #expect(!FileManager.default.fileExists(atPath: target), "a killed export left a bag at the target")
    let staging = {
      try FileManager.default.contentsOfDirectory(atPath: workspace.root.path).filter {
        $0.hasPrefix(".native-checkbox-ios-2026-11-21.partial-")
      }
    }
    #expect(try staging().count == 1)
    workspace.environment.removeValue(forKey: "EXHIBIT_TEST_KILL_AT")
    #expect(
      try workspace.run("bundle", "native/checkbox", "--platform", "ios", "--date", "2026-11-21").status == 0)
    #expect(try workspace.run("verify", target).status == 0)
    #expect(try staging().isEmpty, "the killed export's staging folder is still there")
  }
}
