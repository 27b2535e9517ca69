import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `exhibit serve` as a user starts it: the `listening on` line, real connections on 127.0.0.1,
/// a clean stop on SIGTERM and SIGINT, a refusal to listen publicly without accounts, and the
/// whole web workspace used in headless Chromium.
@Suite struct ServeCommandTests {

  static func fetch(_ url: String) async throws -> (Int, String) {
    let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func servesOnLoopbackAndStopsCleanly(signal: Int32) async throws {
    let workspace = try CLIWorkspace.catalogued()
    let server = try RunningServer(workspace)
    let (status, page) = try await Self.fetch(server.base + "/components/native/checkbox")
    #expect(status == 200)
    #expect(page.contains("test-auditor"), "on loopback the visitor is the local auditor")
    let stopped = server.stop(signal)
    #expect(stopped.status == 0)
    #expect(!stopped.forced, "the server did not end on the signal")
  }

  @Test(TeamCatalogue.sqliteOnly) func refusesAFolderWithNoWorkspace() throws {
    let workspace = try CLIWorkspace()
    let result = try workspace.run("serve", "--port", "0")
    #expect(result.status == 1)
    #expect(result.stderr.contains("exhibit init"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: workspace.path("Database/exhibit.sqlite")))
  }

  @Test func refusesAPublicAddressWithoutAccounts() throws {
    let workspace = try CLIWorkspace.catalogued()
    let result = try workspace.run("serve", "--host", "0.0.0.0", "--port", "0")
    #expect(result.status == 1)
    #expect(result.stderr.contains("refusing to listen on 0.0.0.0 without accounts"))
    #expect(!result.stdout.contains("listening"))
  }

  /// Signs in, judges, retracts, searches, exports and verifies in headless Chromium, with
  /// axe-core on every page; screenshots land in `.build/screenshots/web` (not committed).
  @Test func theWebWorkspaceWorksInABrowser() throws {
    let workspace = try CLIWorkspace.catalogued()
    // A session whose name says nothing, for the overview's list and the attribution form.
    let sample = try Data(
      contentsOf: URL(fileURLWithPath: workspace.path("Media/native/checkbox/checkboxVoiceOver.webm")))
    try workspace.write("Media/inbox/session-0412.webm", sample + Data(count: 4))
    #expect(try workspace.run("catalog").status == 0)
    let password = "e2e password that is long"
    for (name, role) in [("auditor-e2e", "auditor"), ("reviewer-e2e", "reviewer")] {
      #expect(try workspace.addAccount(name, role: role, password: password) == 0)
    }
    let server = try RunningServer(workspace, ["--accounts"])
    defer { _ = server.stop() }
    let screenshots = CLIWorkspace.repository.appendingPathComponent(".build/screenshots/web").path
    var environment = ProcessInfo.processInfo.environment
    environment["EXHIBIT_E2E_PASSWORD"] = password
    let check = try Python.run(
      [
        Python.script("check_web.py"), server.base, CLIWorkspace.binary.path, workspace.root.path,
        screenshots,
      ], environment: environment)
    let report = check.stdout + check.stderr
    #expect(check.status == 0, "\(report)")
    for name in ["overview", "component", "recording", "overview-unattributed", "recording-attributed"] {
      #expect(FileManager.default.fileExists(atPath: "\(screenshots)/\(name).png"))
    }
  }
}
