import ArgumentParser
import ExhibitKit
import Foundation

/// Where findings are filed: a tracker, the project on it, its API and the credential.
public struct TrackerDestination: Sendable {
  /// `github` or `jira`.
  public let kind: String
  /// `OWNER/REPO` on GitHub, the project's key on Jira.
  public let project: String
  /// The API's address: GitHub's (or an Enterprise server's), or the Jira site's.
  public let apiURL: String
  /// The token (GitHub's, a Jira API token or access token); never printed.
  public let token: String
  /// The Jira account's email, for Jira Cloud's API tokens; nil sends the token as a bearer.
  public let email: String?
}

/// Opens the tracker a command names (`findings file --to`, `findings sync`): in `exhibit-team` the
/// client, in `exhibit` a hand-over to `exhibit-team`, which links the HTTP client.
public protocol TrackerOpener: Sendable {
  /// The tracker at `destination`.
  /// - Throws: ``TrackerError`` when it cannot be used.
  func open(_ destination: TrackerDestination) async throws -> any IssueTracker
}

/// The options that say how to reach a tracker: GitHub's API, or the Jira site, and the credential.
struct TrackerOptions: ParsableArguments {
  @Option(help: "GitHub's API (default: https://api.github.com; GitHub Enterprise: https://HOST/api/v3).")
  var apiURL: String = "https://api.github.com"
  @Option(help: "The Jira site, e.g. https://acme.atlassian.net (for --to jira:PROJECT).")
  var jiraURL: String?
  @Option(
    help: "The Jira account's email, with an API token (default: $JIRA_EMAIL; none: the token is a bearer).")
  var jiraEmail: String?
  @Option(help: "A file holding the token (default: $GITHUB_TOKEN, or $JIRA_API_TOKEN for Jira).")
  var tokenFile: String?

  /// Where findings of `kind` on `project` go, with the credential.
  /// - Parameters:
  ///   - kind: `github` or `jira`.
  ///   - project: `OWNER/REPO`, or the Jira project's key.
  ///   - site: The Jira site when `--jira-url` gives none (read from a filed issue's address).
  /// - Returns: The destination.
  /// - Throws: ``ValidationError`` when a token or the Jira site is missing.
  func destination(kind: String, project: String, site: String? = nil) throws -> TrackerDestination {
    if kind == "jira" {
      guard let jiraURL = jiraURL ?? site else {
        throw ValidationError("--to jira:PROJECT needs --jira-url (the Jira site)")
      }
      let email =
        jiraEmail ?? ProcessInfo.processInfo.environment["JIRA_EMAIL"].flatMap { $0.isEmpty ? nil : $0 }
      return TrackerDestination(
        kind: kind, project: project, apiURL: jiraURL, token: try token(variable: "JIRA_API_TOKEN"),
        email: email)
    }
    return TrackerDestination(
      kind: kind, project: project, apiURL: apiURL, token: try token(variable: "GITHUB_TOKEN"), email: nil)
  }

  /// The token: the file's first line, else the environment's `variable`.
  private func token(variable: String) throws -> String {
    if let tokenFile {
      guard let text = try? String(contentsOfFile: tokenFile, encoding: .utf8) else {
        throw ValidationError("\(tokenFile): the token file cannot be read")
      }
      let token =
        text.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmingCharacters(in: .whitespaces)
        ?? ""
      guard !token.isEmpty else { throw ValidationError("\(tokenFile): the token file is empty") }
      return token
    }
    guard let token = ProcessInfo.processInfo.environment[variable], !token.isEmpty else {
      throw ValidationError("no token: set \(variable) or give --token-file")
    }
    return token
  }
}
