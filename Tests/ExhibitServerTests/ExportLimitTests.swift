import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import ExhibitServer

/// A visitor cannot fill the disk with exports: 30 an hour each, then 429; none that would leave
/// less than the floor free, 507.
@Suite struct ExportLimitTests {
  @Test func anExportThatWouldLeaveTooLittleFreeIsRefused() async throws {
    let workspace = try ServerWorkspace()
    var settings = workspace.settings()
    // More than any disk here has: the real free space, read by statvfs, is always under it.
    settings.exportFreeFloor = 1 << 62
    let server = try WebServer(settings: settings)
    let application = server.application()
    try await application.test(.router) { client in
      var browser = BrowserSession(client)
      try await browser.start()
      let refused = try await browser.post(
        "/bundles", form: [("component", "native/checkbox"), ("platform", "ios")])
      #expect(refused.status.code == 507)
      #expect(refused.text.contains("must stay free: remove old bundles there first"))
    }
    try await server.shutdown()
    #expect((try? FileManager.default.contentsOfDirectory(atPath: settings.exportsFolder))?.isEmpty ?? true)
  }

  @Test func exportsPastTheHourlyShareAreRefused() async throws {
    let workspace = try ServerWorkspace()
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      for _ in 0..<BundleShelf.exportsPerHour {
        let made = try await browser.post(
          "/bundles", form: [("component", "native/checkbox"), ("platform", "ios")])
        #expect(made.status == .seeOther)
      }
      let refused = try await browser.post(
        "/bundles", form: [("component", "native/checkbox"), ("platform", "ios")])
      #expect(refused.status == .tooManyRequests)
      #expect(refused.text.contains("bundles were exported by local-auditor in the last hour"))
    }
  }
}
