import Foundation

/// The stand-in GitHub (`github_stand_in.py`): the token it accepts and the one repository it holds.
final class GitHubStandIn {
  let token = "ghp-stand-in-\(UUID().uuidString.prefix(8))"
  let repository = "acme/app"
  let server: StandInServer
  var url: String { server.url }

  init() throws {
    server = try StandInServer(script: "github_stand_in.py", arguments: [token, repository])
  }

  /// Asks its control path.
  @discardableResult
  func control(_ path: String) throws -> [String: Any] { try server.control(path) }

  /// The issues it holds, by number, the comments on them and every request it was sent.
  func state() throws -> (
    issues: [String: [String: Any]], comments: [String: [String]], requests: [[String: Any]]
  ) {
    let state = try control("state")
    return (
      state["issues"] as? [String: [String: Any]] ?? [:], state["comments"] as? [String: [String]] ?? [:],
      state["requests"] as? [[String: Any]] ?? []
    )
  }

  /// Where a command files to.
  var arguments: [String] { ["--to", "github:\(repository)", "--api-url", url] }
}

/// The stand-in Jira (`jira_stand_in.py`): the account and API token it accepts, its one project.
final class JiraStandIn {
  let email = "auditor@example.org"
  let token = "jira-stand-in-\(UUID().uuidString.prefix(8))"
  let project = "ACC"
  let server: StandInServer
  var url: String { server.url }

  init() throws {
    server = try StandInServer(script: "jira_stand_in.py", arguments: [email, token, project])
  }

  /// Asks its control path.
  @discardableResult
  func control(_ path: String) throws -> [String: Any] { try server.control(path) }

  /// Where a command files to.
  var arguments: [String] { ["--to", "jira:\(project)", "--jira-url", url] }
}
