import AsyncHTTPClient
import ExhibitKit
import Foundation
import NIOCore
import NIOHTTP1

/// Findings as GitHub issues, through GitHub's REST API (`/repos/OWNER/REPO/issues`): a token sent as
/// a bearer, the API's version header, JSON both ways. A rate limit (403 or 429 with `Retry-After`,
/// or no requests left until `x-ratelimit-reset`) is waited out when the wait is short, and named
/// otherwise; every error names the repository and the finding, never the token.
public final class GitHubTracker: IssueTracker {
  public let name: String
  private let owner: String
  private let repository: String
  private let client: HTTPClient
  private let request: TrackerRequest

  /// A client of `OWNER/REPO` at `apiURL` (GitHub's, or an Enterprise server's `/api/v3`).
  /// - Throws: ``TrackerError`` when the repository is not `OWNER/REPO`.
  public init(
    repository named: String, apiURL: String = "https://api.github.com", token: String,
    longestWait: Double = 60
  )
    throws
  {
    let parts = named.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw TrackerError(
        tracker: "github:\(named)", finding: nil, reason: "name the repository as OWNER/REPO")
    }
    name = "github:\(named)"
    owner = String(parts[0])
    repository = String(parts[1])
    client = HTTPClient(eventLoopGroupProvider: .singleton)
    request = TrackerRequest(
      client: client, tracker: "github:\(named)",
      apiURL: apiURL.hasSuffix("/") ? String(apiURL.dropLast()) : apiURL,
      headers: [
        ("Authorization", "Bearer \(token)"), ("Accept", "application/vnd.github+json"),
        ("X-GitHub-Api-Version", "2022-11-28"), ("User-Agent", "exhibit"),
      ], longestWait: longestWait, explain: Self.explain)
  }

  public func shutdown() async { try? await client.shutdown() }

  public func existing(_ reference: String) async throws -> FindingTracker? {
    let marker = TrackerIssue.marker(reference)
    var page = 1
    while true {
      let issues = try await send(
        "GET",
        "/repos/\(owner)/\(repository)/issues?state=all&labels=accessibility&per_page=100&page=\(page)",
        finding: reference)
      guard let list = issues as? [[String: Any]] else { throw malformed(reference) }
      for issue in list where (issue["body"] as? String)?.contains(marker) == true {
        return try tracker(of: issue, reference)
      }
      guard list.count == 100 else { return nil }
      page += 1
    }
  }

  public func create(_ issue: TrackerIssue) async throws -> FindingTracker {
    let created = try await send(
      "POST", "/repos/\(owner)/\(repository)/issues", finding: issue.finding,
      body: ["title": issue.title, "body": issue.body, "labels": issue.labels])
    guard let object = created as? [String: Any] else { throw malformed(issue.finding) }
    return try tracker(of: object, issue.finding)
  }

  public func update(_ tracker: FindingTracker, with issue: TrackerIssue) async throws {
    _ = try await send(
      "PATCH", "/repos/\(owner)/\(repository)/issues/\(number(tracker))", finding: issue.finding,
      body: ["title": issue.title, "body": issue.body, "labels": issue.labels])
  }

  public func comment(on tracker: FindingTracker, _ text: String) async throws {
    _ = try await send(
      "POST", "/repos/\(owner)/\(repository)/issues/\(number(tracker))/comments", finding: nil,
      body: ["body": text])
  }

  /// GitHub's REST API has no way to attach a file to an issue: the body links the video instead.
  public func attach(png: [UInt8], named name: String, to tracker: FindingTracker) async throws {}

  public func isClosed(_ tracker: FindingTracker) async throws -> Bool {
    let issue = try await send("GET", "/repos/\(owner)/\(repository)/issues/\(number(tracker))", finding: nil)
    guard let state = (issue as? [String: Any])?["state"] as? String else { throw malformed(nil) }
    return state == "closed"
  }

  /// The issue number of a key `OWNER/REPO#12`.
  private func number(_ tracker: FindingTracker) -> String {
    tracker.key.split(separator: "#").last.map(String.init) ?? tracker.key
  }

  private func tracker(of issue: [String: Any], _ reference: String) throws -> FindingTracker {
    guard let number = issue["number"] as? Int else { throw malformed(reference) }
    return FindingTracker(
      kind: "github", key: "\(owner)/\(repository)#\(number)", url: issue["html_url"] as? String ?? "")
  }

  private func malformed(_ finding: String?) -> TrackerError {
    TrackerError(
      tracker: name, finding: finding, reason: "the API answered with something other than an issue")
  }

  /// Sends one request through ``TrackerRequest``; the answer's JSON.
  private func send(_ method: String, _ path: String, finding: String?, body: [String: Any]? = nil)
    async throws
    -> Any
  {
    try await request.send(method, path, finding: finding, json: body)
  }

  @Sendable private static func explain(_ status: Int, _ message: String?) -> String {
    let said = message.map { " (\($0))" } ?? ""
    switch status {
    case 401: return "the token was refused\(said): check GITHUB_TOKEN or --token-file"
    case 403: return "not allowed\(said): the token needs the repository's issues permission"
    case 404: return "not found\(said): check the repository and that the token can see it"
    case 410: return "the issue is gone\(said): it was deleted or issues are turned off"
    case 422: return "the issue was refused\(said)"
    default: return "HTTP \(status)\(said)"
    }
  }
}
