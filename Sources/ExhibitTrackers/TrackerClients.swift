import ExhibitKit

/// The client of the tracker a destination names: GitHub's REST API or Jira's.
public enum TrackerClients {
  /// Opens the client for `destination`.
  /// - Throws: ``TrackerError`` for a tracker Exhibit does not file to, or a repository it cannot name.
  public static func open(_ destination: TrackerDestination) throws -> any IssueTracker {
    switch destination.kind {
    case "github":
      return try GitHubTracker(
        repository: destination.project, apiURL: destination.apiURL, token: destination.token)
    case "jira":
      return JiraTracker(
        project: destination.project, url: destination.apiURL,
        credential: destination.email.map { .basic(email: $0, token: destination.token) }
          ?? .bearer(destination.token))
    default:
      throw TrackerError(
        tracker: "\(destination.kind):\(destination.project)", finding: nil,
        reason: "Exhibit files to GitHub (github:OWNER/REPO) and Jira (jira:PROJECT)")
    }
  }
}
