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

  /// A destination.
  public init(kind: String, project: String, apiURL: String, token: String, email: String?) {
    self.kind = kind
    self.project = project
    self.apiURL = apiURL
    self.token = token
    self.email = email
  }

  /// How a command says where a tracker is: GitHub's API or the Jira site, and the credential.
  public struct Settings: Sendable {
    /// GitHub's API (GitHub Enterprise's `https://HOST/api/v3`).
    public var apiURL = "https://api.github.com"
    /// The Jira site.
    public var jiraURL: String?
    /// The Jira account's email (default: `$JIRA_EMAIL`).
    public var jiraEmail: String?
    /// A file whose first line is the token (default: `$GITHUB_TOKEN`, or `$JIRA_API_TOKEN`).
    public var tokenFile: String?

    /// Settings with GitHub's public API and the token from the environment.
    public init() {}

    /// `github:OWNER/REPO` or `jira:PROJECT` read: the kind and the project; nil for anything else.
    public static func target(_ text: String) -> (kind: String, project: String)? {
      let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { return nil }
      if parts[0] == "github", parts[1].split(separator: "/").count == 2 { return (parts[0], parts[1]) }
      if parts[0] == "jira", !parts[1].isEmpty, !parts[1].contains("/") { return (parts[0], parts[1]) }
      return nil
    }

    /// Where findings of `kind` on `project` go, with the credential.
    /// - Parameters:
    ///   - kind: `github` or `jira`.
    ///   - project: `OWNER/REPO`, or the Jira project's key.
    ///   - site: The Jira site when the settings name none (read from a filed issue's address).
    ///   - environment: Where tokens and the Jira email are read from when no file gives them.
    /// - Returns: The destination.
    /// - Throws: ``TrackerError`` when a token or the Jira site is missing.
    public func destination(
      kind: String, project: String, site: String? = nil,
      environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> TrackerDestination {
      let name = "\(kind):\(project)"
      if kind == "jira" {
        guard let jiraURL = jiraURL ?? site else {
          throw TrackerError(tracker: name, finding: nil, reason: "--jira-url (the Jira site) is needed")
        }
        let email = jiraEmail ?? environment["JIRA_EMAIL"].flatMap { $0.isEmpty ? nil : $0 }
        return TrackerDestination(
          kind: kind, project: project, apiURL: jiraURL,
          token: try token(variable: "JIRA_API_TOKEN", tracker: name, environment: environment), email: email)
      }
      return TrackerDestination(
        kind: kind, project: project, apiURL: apiURL,
        token: try token(variable: "GITHUB_TOKEN", tracker: name, environment: environment), email: nil)
    }

    /// The token: the file's first line, else the environment's `variable`.
    private func token(variable: String, tracker: String, environment: [String: String]) throws -> String {
      if let tokenFile {
        guard let text = try? String(contentsOfFile: tokenFile, encoding: .utf8) else {
          throw TrackerError(
            tracker: tracker, finding: nil, reason: "\(tokenFile): the token file cannot be read")
        }
        let token =
          text.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmingCharacters(in: .whitespaces)
          ?? ""
        guard !token.isEmpty else {
          throw TrackerError(tracker: tracker, finding: nil, reason: "\(tokenFile): the token file is empty")
        }
        return token
      }
      guard let token = environment[variable], !token.isEmpty else {
        throw TrackerError(
          tracker: tracker, finding: nil, reason: "no token: set \(variable) or give --token-file")
      }
      return token
    }
  }
}
