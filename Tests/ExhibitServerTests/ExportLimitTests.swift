import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import ExhibitServer

/// A visitor cannot fill the disk with exports: 30 an hour each, then 429.
@Suite struct ExportLimitTests {
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
