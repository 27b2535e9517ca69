import ExhibitCommands
import ExhibitKit
import ExhibitTrackers

/// Opens the tracker a command names: a GitHub repository or a Jira project, through their REST APIs.
struct TrackerClientOpener: TrackerOpener {
  func open(_ destination: TrackerDestination) async throws -> any IssueTracker {
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
