import ArgumentParser
import ExhibitKit
import ExhibitServer
import Foundation

/// `exhibit serve [--host 127.0.0.1] [--port 8080]`
struct Serve: AsyncParsableCommand {
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
  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"
  @Option(help: "The port to listen on (0 picks a free one).")
  var port = 8080
  @Option(help: "Where exported bundles go (default: Exports/ in the workspace).")
  var exports: String?
  @Flag(help: "Require signing in with an account even on 127.0.0.1 (a machine others share).")
  var accounts = false

  func run() async throws {
    try await reportingFailures {
      guard (0...65_535).contains(port) else {
        throw ValidationError("--port \(port) is not a port (0 to 65535)")
      }
      let environment = ProcessInfo.processInfo.environment
      let settings = ServerSettings(
        host: host, port: port, databasePath: global.databasePath,
        mode: AccessMode.required(
          forHost: host, localActor: Actor.current(environment: environment), accountsAnyway: accounts),
        exportsFolder: exports)
      let server = try WebServer(settings: settings)
      try await server.run { host, port in
        let shown = host.contains(":") ? "[\(host)]" : host
        FileHandle.standardOutput.write(Data("listening on http://\(shown):\(port)\n".utf8))
      }
    }
  }
}
