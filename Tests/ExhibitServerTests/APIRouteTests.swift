import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// `/api/…`: the CLI's JSON, and its rules for writes.
@Suite struct APIRouteTests {
  @Test func searchIsTheObjectSearchPrintsWithJSON() async throws {
    let workspace = try ServerWorkspace()
    let cli =
      try JSONSerialization.jsonObject(
        with: Data(try workspace.run("search", "checked", "--platform", "ios", "--json").output.utf8))
      as? NSDictionary
    let body = try await workspace.serve { client in
      var browser = BrowserSession(client)
      let response = try await browser.get("/api/search?q=checked&platform=ios")
      #expect(response.status == .ok)
      #expect(response.headers[.contentType] == "application/json; charset=utf-8")
      return Data(response.body.readableBytesView)
    }
    let api = try JSONSerialization.jsonObject(with: body) as? NSDictionary
    #expect(api != nil)
    #expect(api == cli)
  }

  @Test func recordingsAreTheListsKeysWithMediaAndCaptionURLs() async throws {
    let workspace = try ServerWorkspace()
    let cli = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try workspace.run("recordings", "list", "--json").output.utf8))
        as? [[String: Any]])
    let body = try await workspace.serve { client in
      var browser = BrowserSession(client)
      return Data(try await browser.get("/api/recordings").body.readableBytesView)
    }
    let api = try #require(try JSONSerialization.jsonObject(with: body) as? [[String: Any]])
    #expect(api.count == cli.count)
    for (served, listed) in zip(api, cli) {
      #expect(Set(served.keys) == Set(listed.keys).union(["media_url", "captions"]))
      let sha = try #require(listed["sha256"] as? String)
      #expect(served["media_url"] as? String == "/media/\(sha)")
      let captions = try #require(served["captions"] as? [[String: Any]])
      if listed["container"] as? String == "png" {
        #expect(captions.isEmpty, "a screenshot has no captions")
        continue
      }
      #expect(captions.first?["url"] as? String == "/media/\(sha)/captions/0.vtt")
      #expect(captions.first?["language"] as? String == "en-US")
    }
  }

  @Test func componentsCoverageAndHistoryAnswerAndErrorsHaveOneShape() async throws {
    let workspace = try ServerWorkspace()
    let cliCoverage = Data(
      try workspace.run("coverage", "native/checkbox", "--platform", "ios", "--json").output.utf8)
    let servedCoverage = try await workspace.serve { client in
      var browser = BrowserSession(client)
      let components = try #require(try await browser.get("/api/components").json() as? [[String: Any]])
      #expect(components.map { $0["component"] as? String } == ["native/checkbox", "web/checkbox"])
      let columns = try #require(components.first?["columns"] as? [[String: Any]])
      #expect(columns.first?["platform"] as? String == "ios")
      // VoiceOver's column counts the six screen-reader and gesture items (``EvidenceColumn``).
      #expect(columns.first?["gaps"] as? Int == 6)
      let coverage = try await browser.get("/api/components/native/checkbox/coverage?platform=ios")
      let suggestions = try #require(
        try await browser.get("/api/components/native/checkbox/suggestions").json() as? [[String: Any]])
      #expect(suggestions.contains { $0["item"] as? String == "native/checkbox#screenreader.state" })
      let history = try #require(try await browser.get("/api/history").json() as? [[String: Any]])
      #expect(history.first?["action"] as? String == "criteria.import")
      for (path, status) in [
        ("/api/components/native/nothing/coverage", HTTPResponse.Status.notFound),
        ("/api/components/native/nothing/suggestions", .notFound),
        ("/api/search", .badRequest), ("/api/search?q=x&kind=videos", .badRequest),
        ("/api/recordings/zz", .notFound), ("/api/nothing", .notFound),
      ] {
        let response = try await browser.get(path)
        #expect(response.status == status, "\(path)")
        let error = try #require(try response.json() as? [String: [String: String]], "\(path)")
        #expect(error["error"]?["code"]?.isEmpty == false, "\(path)")
        #expect(error["error"]?["message"]?.isEmpty == false, "\(path)")
      }
      return Data(coverage.body.readableBytesView)
    }
    #expect(
      try JSONSerialization.jsonObject(with: servedCoverage) as? NSDictionary
        == JSONSerialization.jsonObject(with: cliCoverage) as? NSDictionary)
  }

  @Test func postingALinkFollowsTheRulesOfLink() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve { client in
      var browser = BrowserSession(client)
      try await browser.start()
      let body: [String: Any] = [
        "recording": sha, "item": ServerWorkspace.roleItem, "verdict": "pass", "from": 0.4, "to": 5.2,
        "note": "api",
      ]
      let created = try await browser.postJSON("/api/links", body)
      #expect(created.status == .ok)
      let link = try #require(try created.json() as? [String: Any])
      #expect(link["id"] as? Int == 1)
      #expect(link["auditor"] as? String == "local-auditor")
      #expect(link["recording_sha256"] as? String == sha)
      #expect((try await browser.postJSON("/api/links", body).json() as? [String: Any])?["id"] as? Int == 1)
      var past = body
      past["to"] = 60.0
      let refused = try await browser.postJSON("/api/links", past)
      #expect(refused.status == .unprocessableContent)
      #expect((try refused.json() as? [String: [String: String]])?["error"]?["code"] == "invalid_link")
      let retracted = try await browser.postJSON("/api/links/1/retract", ["reason": "api says so"])
      #expect((try retracted.json() as? [String: Any])?["retraction_reason"] as? String == "api says so")
      #expect(try await browser.postJSON("/api/links/1/retract", [:]).status == .badRequest)
      var headers: HTTPFields = [.cookie: browser.cookie ?? ""]
      headers[try #require(HTTPField.Name("X-CSRF-Token"))] = browser.csrfToken
      let garbage = try await browser.client.execute(
        uri: "/api/links", method: .post, headers: headers, body: .init(string: "{not json"))
      #expect(garbage.status == .badRequest)
    }
  }
}
