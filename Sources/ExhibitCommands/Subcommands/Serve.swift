import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit serve [--host 127.0.0.1] [--port 8080]`: runs `exhibit-server`, installed beside
/// `exhibit`, with these options. The server lives in its own binary so that every other command
/// starts without loading SwiftNIO and Hummingbird.
struct Serve: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the workspace in the browser: overview, checklists, player, judging, search, bundles.",
    discussion: """
      On 127.0.0.1 (the default) whoever can connect is you, an auditor. On any other address \
      everyone signs in with an account (`exhibit users add`), and the server will not start \
      without one. Prints `listening on http://HOST:PORT` once it accepts connections (--port 0 \
      picks a free port); stops on Ctrl-C or SIGTERM.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var media: MediaOptions
  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"
  @Option(help: "The port to listen on (0 picks a free one).")
  var port = 8080
  @Option(help: "Where exported bundles go (default: Exports/ in the workspace).")
  var exports: String?
  @Flag(help: "Require signing in with an account even on 127.0.0.1 (a machine others share).")
  var accounts = false
  @Option(
    name: .customLong("allowed-host"),
    help: "A host name the server is reached by, behind a proxy (with accounts; repeat for more).")
  var allowedHosts: [String] = []
  @Option(help: "The URL people open, e.g. https://exhibit.example.org (with accounts): its host is allowed.")
  var publicURL: String?
  @Option(help: "File findings from the findings page to github:OWNER/REPO, or jira:PROJECT with --jira-url.")
  var fileTo: String?
  @OptionGroup var tracker: TrackerOptions

  func run() throws {
    try reportingFailures {
      // A database URL is passed on in the environment, never where `ps` shows it.
      var arguments = ["--host", host, "--port", String(port)]
      if global.isServerDatabase {
        setenv("EXHIBIT_DB", global.databasePath, 1)
      } else {
        arguments += ["--db", global.databasePath]
      }
      if let exports { arguments += ["--exports", exports] }
      if accounts { arguments.append("--accounts") }
      for host in allowedHosts { arguments += ["--allowed-host", host] }
      if let publicURL { arguments += ["--public-url", publicURL] }
      if let location = media.location { arguments += ["--media", location] }
      if let fileTo {
        arguments += ["--file-to", fileTo, "--api-url", tracker.apiURL]
        for (option, value) in [
          ("--jira-url", tracker.jiraURL), ("--jira-email", tracker.jiraEmail),
          ("--token-file", tracker.tokenFile),
        ] {
          if let value { arguments += [option, value] }
        }
      }
      try SiblingBinary(name: "exhibit-server", role: "the web server is a binary of its own").become(
        arguments)
    }
  }
}
