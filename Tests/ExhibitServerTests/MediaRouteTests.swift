import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// `/media/SHA256`: the recording's bytes by SHA-256, whole or in ranges, byte for byte.
@Suite struct MediaRouteTests {
  @Test func servesTheWholeRecordingAndRangesByteForByte() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    let bytes = try Data(contentsOf: workspace.root.appendingPathComponent(ServerWorkspace.voiceOverPath))
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      let whole = try await browser.get("/media/\(sha)")
      #expect(whole.status == .ok)
      #expect(Data(whole.body.readableBytesView) == bytes)
      #expect(whole.headers[.contentType] == "video/webm")
      #expect(whole.headers[.acceptRanges] == "bytes")
      #expect(whole.headers[.eTag] == "\"\(sha)\"")

      let cases: [(String, Range<Int>)] = [
        ("bytes=0-9", 0..<10), ("bytes=100-", 100..<bytes.count),
        ("bytes=-500", (bytes.count - 500)..<bytes.count),
        ("bytes=1000-1999", 1000..<2000),
        ("bytes=\(bytes.count - 1)-\(bytes.count + 50)", (bytes.count - 1)..<bytes.count),
      ]
      for (header, expected) in cases {
        let part = try await browser.get("/media/\(sha)", headers: [.range: header])
        #expect(part.status == .partialContent, "\(header)")
        #expect(Data(part.body.readableBytesView) == bytes[expected], "\(header)")
        #expect(
          part.headers[.contentRange]
            == "bytes \(expected.lowerBound)-\(expected.upperBound - 1)/\(bytes.count)",
          "\(header)")
        #expect(part.headers[.contentLength] == String(expected.count), "\(header)")
      }

      let past = try await browser.get("/media/\(sha)", headers: [.range: "bytes=\(bytes.count)-"])
      #expect(past.status == .rangeNotSatisfiable)
      #expect(past.headers[.contentRange] == "bytes */\(bytes.count)")

      let several = try await browser.get("/media/\(sha)", headers: [.range: "bytes=0-1,4-5"])
      #expect(several.status == .ok)
      #expect(several.body.readableBytes == bytes.count)

      let stale = try await browser.get(
        "/media/\(sha)", headers: [.range: "bytes=0-9", .ifRange: "\"other\""])
      #expect(stale.status == .ok)

      let cached = try await browser.get("/media/\(sha)", headers: [.ifNoneMatch: "\"\(sha)\""])
      #expect(cached.status == .notModified)
    }
  }

  @Test func servesCaptionTracksAsWebVTT() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    let vtt = try String(
      contentsOf: workspace.root.appendingPathComponent("Media/native/checkbox/checkboxVoiceOver-en-US.vtt"),
      encoding: .utf8)
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      let track = try await browser.get("/media/\(sha)/captions/0.vtt")
      #expect(track.status == .ok)
      #expect(track.headers[.contentType] == "text/vtt; charset=utf-8")
      #expect(track.text == vtt)
      #expect(try await browser.get("/media/\(sha)/captions/1.vtt").status == .notFound)
      #expect(try await browser.get("/media/\(sha)/captions/x.vtt").status == .notFound)
    }
  }

  @Test func refusesAnythingButTheSHA256OfACataloguedRecording() async throws {
    let workspace = try ServerWorkspace()
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      for path in [
        "/media/" + String(repeating: "0", count: 64), "/media/abc", "/media/../Database/exhibit.sqlite",
        "/media/%2e%2e%2fDatabase%2fexhibit.sqlite", "/media/..%2f..%2fetc%2fpasswd",
      ] {
        let response = try await browser.get(path)
        #expect(response.status == .notFound, "\(path)")
        #expect(!response.text.contains("SQLite format"), "\(path)")
      }
      let error = try #require(try await browser.get("/media/abc").json() as? [String: [String: String]])
      #expect(error["error"]?["code"] == "not_found")
    }
  }

  @Test func refusesAFileThatChangedSinceItWasCatalogued() async throws {
    let workspace = try ServerWorkspace(fresh: true)  // it changes a recording
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    let file = workspace.root.appendingPathComponent(ServerWorkspace.voiceOverPath)
    let handle = try FileHandle(forWritingTo: file)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("appended".utf8))
    try handle.close()
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      let response = try await browser.get("/media/\(sha)")
      #expect(response.status == .conflict)
      #expect(response.text.contains("changed since it was catalogued"))
    }
  }
}
