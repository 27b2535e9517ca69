import AsyncHTTPClient
import ExhibitKit
import Foundation

/// Findings as Jira issues (bugs), through Jira's REST API version 2: created in a project with the
/// body in Jira's markup, a priority from the severity and labels (one of them the finding's own,
/// `exhibit-F-12`, which finds the issue again), the still frame attached, the status read back by
/// its category (`done` is closed). Jira Cloud takes an account's email and API token (basic);
/// Jira Data Center a personal access token (bearer).
public final class JiraTracker: IssueTracker {
  public let name: String
  private let project: String
  private let baseURL: String
  private let client: HTTPClient
  private let request: TrackerRequest

  /// How a request proves who it is.
  public enum Credential: Sendable {
    /// An account's email and API token (Jira Cloud).
    case basic(email: String, token: String)
    /// A personal access token (Jira Data Center).
    case bearer(String)
  }

  /// A client of project `project` on the Jira at `url`.
  public init(project: String, url: String, credential: Credential, longestWait: Double = 60) {
    name = "jira:\(project)"
    self.project = project
    baseURL = url.hasSuffix("/") ? String(url.dropLast()) : url
    client = HTTPClient(eventLoopGroupProvider: .singleton)
    let authorization =
      switch credential {
      case .basic(let email, let token): "Basic " + Data("\(email):\(token)".utf8).base64EncodedString()
      case .bearer(let token): "Bearer \(token)"
      }
    request = TrackerRequest(
      client: client, tracker: "jira:\(project)", apiURL: baseURL + "/rest/api/2",
      headers: [("Authorization", authorization), ("Accept", "application/json"), ("User-Agent", "exhibit")],
      longestWait: longestWait, explain: Self.explain)
  }

  public func shutdown() async { try? await client.shutdown() }

  /// The label that marks a finding's own issue: `exhibit-F-12`.
  static func label(_ reference: String) -> String { "exhibit-\(reference)" }

  public func existing(_ reference: String) async throws -> FindingTracker? {
    let jql = "project = \"\(project)\" AND labels = \"\(Self.label(reference))\""
    let query = jql.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    let found = try await request.send("GET", "/search?jql=\(query)&fields=summary", finding: reference)
    guard let issues = (found as? [String: Any])?["issues"] as? [[String: Any]] else {
      throw malformed(reference)
    }
    return try issues.first.map { try tracker(of: $0, reference) }
  }

  public func create(_ issue: TrackerIssue) async throws -> FindingTracker {
    var fields = Self.fields(issue)
    fields["project"] = ["key": project]
    fields["issuetype"] = ["name": "Bug"]
    let created = try await request.send("POST", "/issue", finding: issue.finding, json: ["fields": fields])
    guard let object = created as? [String: Any] else { throw malformed(issue.finding) }
    return try tracker(of: object, issue.finding)
  }

  public func update(_ tracker: FindingTracker, with issue: TrackerIssue) async throws {
    _ = try await request.send(
      "PUT", "/issue/\(tracker.key)", finding: issue.finding, json: ["fields": Self.fields(issue)])
  }

  public func comment(on tracker: FindingTracker, _ text: String) async throws {
    _ = try await request.send(
      "POST", "/issue/\(tracker.key)/comment", finding: nil, json: ["body": JiraText.markup(text)])
  }

  public func attach(png: [UInt8], named name: String, to tracker: FindingTracker) async throws {
    let boundary = "exhibit-\(UUID().uuidString)"
    var body = Array("--\(boundary)\r\n".utf8)
    body += Array("Content-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n".utf8)
    body += Array("Content-Type: image/png\r\n\r\n".utf8)
    body += png
    body += Array("\r\n--\(boundary)--\r\n".utf8)
    _ = try await request.send(
      "POST", "/issue/\(tracker.key)/attachments", finding: nil,
      body: (body, "multipart/form-data; boundary=\(boundary)"),
      extraHeaders: [("X-Atlassian-Token", "no-check")])
  }

  public func isClosed(_ tracker: FindingTracker) async throws -> Bool {
    let issue = try await request.send("GET", "/issue/\(tracker.key)?fields=status", finding: nil)
    let status = ((issue as? [String: Any])?["fields"] as? [String: Any])?["status"] as? [String: Any]
    guard let category = (status?["statusCategory"] as? [String: Any])?["key"] as? String else {
      throw malformed(nil)
    }
    return category == "done"
  }

  /// The fields an issue's summary, description, labels and priority are written in.
  private static func fields(_ issue: TrackerIssue) -> [String: Any] {
    [
      "summary": issue.title, "description": JiraText.markup(issue.body),
      // Jira's labels hold no spaces.
      "labels": [label(issue.finding)] + issue.labels.map { $0.replacingOccurrences(of: " ", with: "-") },
      "priority": ["name": issue.priority],
    ]
  }

  private func tracker(of issue: [String: Any], _ reference: String) throws -> FindingTracker {
    guard let key = issue["key"] as? String else { throw malformed(reference) }
    return FindingTracker(kind: "jira", key: key, url: "\(baseURL)/browse/\(key)")
  }

  private func malformed(_ finding: String?) -> TrackerError {
    TrackerError(
      tracker: name, finding: finding, reason: "the API answered with something other than an issue")
  }

  @Sendable private static func explain(_ status: Int, _ message: String?) -> String {
    let said = message.map { " (\($0))" } ?? ""
    switch status {
    case 400: return "the issue was refused\(said)"
    case 401: return "the credentials were refused\(said): check the email and API token, or the access token"
    case 403: return "not allowed\(said): the account needs to create and edit issues in the project"
    case 404: return "not found\(said): check the project, the issue and --jira-url"
    case 410: return "the issue is gone\(said)"
    default: return "HTTP \(status)\(said)"
    }
  }
}
