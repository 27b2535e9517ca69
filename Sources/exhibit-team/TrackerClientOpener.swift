import ExhibitCommands
import ExhibitKit
import ExhibitTrackers

/// Opens the tracker a command names: a GitHub repository or a Jira project, through their REST APIs.
struct TrackerClientOpener: TrackerOpener {
  func open(_ destination: TrackerDestination) async throws -> any IssueTracker {
    try TrackerClients.open(destination)
  }
}
