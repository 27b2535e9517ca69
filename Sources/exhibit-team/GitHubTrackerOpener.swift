import ExhibitCommands
import ExhibitKit
import ExhibitTrackers

/// Opens the GitHub repository a command names, through GitHub's REST API.
struct GitHubTrackerOpener: TrackerOpener {
  func open(_ destination: TrackerDestination) async throws -> any IssueTracker {
    guard destination.kind == "github" else {
      throw TrackerError(
        tracker: "\(destination.kind):\(destination.project)", finding: nil,
        reason: "Exhibit files to GitHub (github:OWNER/REPO)")
    }
    return try GitHubTracker(
      repository: destination.project, apiURL: destination.apiURL, token: destination.token)
  }
}
