import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Many readers at once while an auditor saves verdicts and `exhibit catalog` writes from
/// another process: every request is answered, and none with "database is locked".
@Suite struct ConcurrencyTests {
  @Test func readersAndAWriterWhileACatalogueRunsElsewhere() async throws {
    let workspace = try ServerWorkspace { root in
      // Copies at new paths give the second catalogue work to write.
      let extra = root.appendingPathComponent("Media/native/checkbox/copies")
      try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
      for index in 0..<40 {
        try FileManager.default.copyItem(
          at: root.appendingPathComponent("Media/native/checkbox/checkbox_AndroidTalkback.webm"),
          to: extra.appendingPathComponent("copy\(index)_AndroidTalkback.webm"))
      }
    }
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try FileManager.default.removeItem(
      at: workspace.root.appendingPathComponent("Media/native/checkbox/copies"))
    let catalogue = Process()
    catalogue.executableURL = ServerWorkspace.binary
    catalogue.arguments = ["catalog", "Media"]
    catalogue.currentDirectoryURL = workspace.root
    catalogue.standardOutput = FileHandle.nullDevice
    catalogue.standardError = FileHandle.nullDevice
    let statuses = try await workspace.serve { client in
      var writer = BrowserSession(client)
      try await writer.start()
      try catalogue.run()
      return try await withThrowingTaskGroup(of: [UInt16].self) { group in
        for reader in 0..<16 {
          group.addTask {
            var browser = BrowserSession(client)
            var seen: [UInt16] = []
            for round in 0..<8 {
              let path = [
                "/", "/components/native/checkbox?platform=ios", "/search?q=checked", "/recordings/\(sha)",
              ][
                (reader + round) % 4]
              seen.append(UInt16(try await browser.get(path).status.code))
            }
            return seen
          }
        }
        group.addTask { [writer] in
          var session = writer
          var seen: [UInt16] = []
          for index in 0..<10 {
            let from = String(format: "%.1f", 0.4 + Double(index) * 0.1)
            let response = try await session.post(
              "/recordings/\(sha)/links",
              form: [("item", ServerWorkspace.roleItem), ("verdict", "pass"), ("from", from), ("to", "5.2")])
            seen.append(UInt16(response.status.code))
          }
          return seen
        }
        var all: [UInt16] = []
        for try await part in group { all += part }
        return all
      }
    }
    catalogue.waitUntilExit()
    #expect(statuses.count == 16 * 8 + 10)
    #expect(statuses.allSatisfy { $0 == 200 || $0 == 303 }, "\(statuses.filter { $0 != 200 && $0 != 303 })")
    #expect(catalogue.terminationStatus == 0)
    let links = try workspace.store().history().filter { $0.action == "link.create" }
    #expect(links.count == 10)
    #expect(try workspace.store().verifyAuditChain().valid)
  }
}
