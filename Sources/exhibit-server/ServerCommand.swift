import ArgumentParser
import ExhibitKit
import ExhibitObjectStore
import ExhibitServer
import ExhibitTrackers
import Foundation

/// `exhibit-server`: the web workspace, run by `exhibit serve` with the same options.
@main
struct ServerCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "exhibit serve",
    abstract: "Serve the workspace in the browser: overview, checklists, player, judging, search, bundles.",
    version: Exhibit.version)

  @Option(
    help:
      "The database file, or a team's postgres:// URL (default: $EXHIBIT_DB, else ./Database/exhibit.sqlite)."
  )
  var db: String?
  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"
  @Option(help: "The port to listen on (0 picks a free one).")
  var port = 8080
  @Option(help: "Where exported bundles go (default: Exports/ in the workspace).")
  var exports: String?
  @Flag(help: "Require signing in with an account even on 127.0.0.1.")
  var accounts = false
  @Option(
    name: .customLong("allowed-host"),
    help: "A host name the server is reached by, behind a proxy (with accounts; repeat for more).")
  var allowedHosts: [String] = []
  @Option(help: "The URL people open, e.g. https://exhibit.example.org (with accounts): its host is allowed.")
  var publicURL: String?
  @Option(
    help:
      "The team's evidence store recordings are played from, s3://bucket[/prefix] (default: $EXHIBIT_MEDIA).")
  var media: String?
  @Option(help: "File findings from the findings page to github:OWNER/REPO, or jira:PROJECT with --jira-url.")
  var fileTo: String?
  @Option(help: "GitHub's API (default: https://api.github.com; GitHub Enterprise: https://HOST/api/v3).")
  var apiURL: String = "https://api.github.com"
  @Option(help: "The Jira site, e.g. https://acme.atlassian.net (for --file-to jira:PROJECT).")
  var jiraURL: String?
  @Option(help: "The Jira account's email, with an API token (default: $JIRA_EMAIL).")
  var jiraEmail: String?
  @Option(help: "A file holding the tracker's token (default: $GITHUB_TOKEN, or $JIRA_API_TOKEN for Jira).")
  var tokenFile: String?

  func run() async throws {
    do {
      guard (0...65_535).contains(port) else {
        throw ValidationError("--port \(port) is not a port (0 to 65535)")
      }
      let environment = ProcessInfo.processInfo.environment
      let databasePath = Workspace.resolveDatabasePath(
        explicit: db, environment: environment, currentDirectory: FileManager.default.currentDirectoryPath)
      var settings = ServerSettings(
        host: host, port: port, databasePath: databasePath,
        mode: AccessMode.required(
          forHost: host, localActor: Actor.current(environment: environment), accountsAnyway: accounts),
        exportsFolder: exports)
      settings.allowedHosts = try ServerSettings.hostNames(allowed: allowedHosts, publicURL: publicURL)
      if let fileTo {
        settings.findingFiler = FindingFiler(tracker: try tracker(fileTo), publicURL: publicURL)
        settings.fileTo = fileTo
      }
      // The web workspace's catalogue reads recordings in `exhibit probe-helper` processes, as
      // the CLI's does, when exhibit is installed beside this binary.
      let exhibit = ((ProbeBox.ownExecutable as NSString).deletingLastPathComponent as NSString)
        .appendingPathComponent("exhibit")
      if FileManager.default.isExecutableFile(atPath: exhibit) {
        ProbeBox.configure(
          executable: exhibit, deadlineSeconds: ProbeBox.deadlineSeconds(environment: environment))
      }
      guard let store = try EvidenceStorageSetting.configuration(option: media, environment: environment)
      else {
        return try await serve(settings)
      }
      try await S3Bucket.with(store) { bucket in
        try await bucket.checkAccess()
        settings.storage = S3EvidenceStorage(bucket: bucket)
        try await serve(settings)
      }
    } catch let error as ValidationError {
      throw error
    } catch let error as CustomStringConvertible & Error {
      FileHandle.standardError.write(Data("exhibit: error: \(error.description)\n".utf8))
      throw ExitCode.failure
    }
  }

  /// The client of the tracker `--file-to` names.
  private func tracker(_ target: String) throws -> any IssueTracker {
    guard let (kind, project) = TrackerDestination.Settings.target(target) else {
      throw ValidationError(
        "--file-to names a GitHub repository (github:OWNER/REPO) or a Jira project (jira:PROJECT)")
    }
    var settings = TrackerDestination.Settings()
    settings.apiURL = apiURL
    settings.jiraURL = jiraURL
    settings.jiraEmail = jiraEmail
    settings.tokenFile = tokenFile
    return try TrackerClients.open(try settings.destination(kind: kind, project: project))
  }

  private func serve(_ settings: ServerSettings) async throws {
    let server = try await WebServer.open(settings: settings, logger: ServerLogHandler.logger())
    try await server.run { host, port in
      let shown = host.contains(":") ? "[\(host)]" : host
      FileHandle.standardOutput.write(Data("listening on http://\(shown):\(port)\n".utf8))
    }
    await settings.findingFiler?.tracker.shutdown()
  }
}
