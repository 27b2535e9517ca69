import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// The web workspace on the real MagentaA11y documents and recordings: every component page on
/// every platform, every recording page with its bytes and captions, a search, a verdict saved
/// through the API, and a bundle per component and platform that verifies. Skipped without
/// `../shared/corpus`.
@Suite(.enabled(if: ServerWorkspace.corpus != nil, "../shared/corpus is absent"))
struct CorpusServeTests {
  @Test func everyPageOfTheCorpusAnswersAndItsBundlesVerify() async throws {
    let workspace = try ServerWorkspace(corpus: try #require(ServerWorkspace.corpus))
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      let components = try #require(try await browser.get("/api/components").json() as? [[String: Any]])
      #expect(components.count >= 5)
      for component in components {
        let id = try #require(component["component"] as? String)
        let platforms = (component["platforms"] as? [[String: Any]] ?? []).compactMap {
          $0["platform"] as? String
        }
        #expect(!platforms.isEmpty, "\(id)")
        for platform in [nil] + platforms {
          let path = "/components/\(id)" + (platform.map { "?platform=\($0)" } ?? "")
          #expect(try await browser.get(path).status == .ok, "\(path)")
        }
        for platform in platforms {
          let exported = try await browser.post(
            "/bundles", form: [("component", id), ("platform", platform)])
          #expect(exported.status == .seeOther, "\(id) on \(platform): \(exported.text.prefix(300))")
          if let page = exported.headers[.location] {
            #expect(try await browser.get(page).text.contains("It verifies"), "\(page)")
          }
        }
      }

      let recordings = try #require(try await browser.get("/api/recordings").json() as? [[String: Any]])
      #expect(recordings.count == 8)
      for recording in recordings {
        let sha = try #require(recording["sha256"] as? String)
        let page = try await browser.get("/recordings/\(sha)")
        #expect(page.status == .ok, "\(sha)")
        #expect(page.text.contains("<video id=\"player\""), "\(sha)")
        let part = try await browser.get("/media/\(sha)", headers: [.range: "bytes=100-1099"])
        #expect(part.status == .partialContent && part.body.readableBytes == 1000, "\(sha)")
        for caption in recording["captions"] as? [[String: Any]] ?? [] {
          let url = try #require(caption["url"] as? String)
          #expect(try await browser.get(url).text.hasPrefix("WEBVTT"), "\(url)")
        }
      }

      let search = try await browser.get("/search?q=checkbox")
      #expect(search.status == .ok)
      #expect(search.text.contains("hits for"))

      let first = try #require(recordings.first { $0["component"] is String && $0["platform"] is String })
      let component = try #require(first["component"] as? String)
      let platform = try #require(first["platform"] as? String)
      let coverage = try #require(
        try await browser.get("/api/components/\(component)/coverage?platform=\(platform)").json()
          as? [String: Any])
      let item = try #require((coverage["items"] as? [[String: Any]])?.first?["key"] as? String)
      let linked = try await browser.postJSON(
        "/api/links",
        [
          "recording": try #require(first["sha256"] as? String), "item": item, "verdict": "pass", "from": 0.5,
          "to": 1.5,
        ])
      #expect(linked.status == .ok, "\(linked.text)")
      let after = try await browser.get("/components/\(component)?platform=\(platform)")
      #expect(after.text.contains("link 1:"))
    }
  }
}
