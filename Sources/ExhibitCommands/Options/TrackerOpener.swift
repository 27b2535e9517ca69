import ArgumentParser
import ExhibitKit
import Foundation

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

  /// The settings these options give.
  var settings: TrackerDestination.Settings {
    var settings = TrackerDestination.Settings()
    settings.apiURL = apiURL
    settings.jiraURL = jiraURL
    settings.jiraEmail = jiraEmail
    settings.tokenFile = tokenFile
    return settings
  }

  /// Where findings of `kind` on `project` go, with the credential.
  /// - Parameters:
  ///   - kind: `github` or `jira`.
  ///   - project: `OWNER/REPO`, or the Jira project's key.
  ///   - site: The Jira site when `--jira-url` gives none (read from a filed issue's address).
  /// - Returns: The destination.
  /// - Throws: ``ValidationError`` when a token or the Jira site is missing.
  func destination(kind: String, project: String, site: String? = nil) throws -> TrackerDestination {
    do {
      return try settings.destination(kind: kind, project: project, site: site)
    } catch let error as TrackerError {
      throw ValidationError(error.reason)
    }
  }
}
