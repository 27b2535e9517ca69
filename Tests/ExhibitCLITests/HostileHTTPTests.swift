import Foundation
import Testing

/// The web workspace under attack, on a real server over real sockets (Scripts/attack_http.py):
/// DNS rebinding, parallel password guesses, thousands of half-open connections, a malformed
/// body.
@Suite struct HostileHTTPTests {
  static func attack(_ server: RunningServer, _ arguments: String...) throws -> [String:
    Any]
  {
    let run = try Python.run([Python.script("attack_http.py"), server.base] + arguments)
    let output = run.stdout + run.stderr
    #expect(run.status == 0, "\(output)")
    let line = output.split(separator: "\n").last.map(String.init) ?? ""
    return try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(output)")
  }

  @Test func aRebindingPageIsMisdirectedAndWritesNothing() throws {
    let workspace = try CLIWorkspace.catalogued()
    let server = try RunningServer(workspace)
    defer { _ = server.stop() }
    let answers = try Self.attack(server, "rebinding")
    #expect(answers["session"] as? Int == 421)
    #expect(answers["page"] as? Int == 421)
    #expect(answers["post"] as? Int == 421)
    #expect(answers["own_host"] as? Int == 200)
    let history = try #require(try workspace.run("history", "--json").json() as? [[String: Any]])
    #expect(!history.contains { $0["action"] as? String == "link.create" })
  }

  @Test func parallelGuessesAreRefusedNotHashedAndTheOwnerIsNotHeld() throws {
    let workspace = try CLIWorkspace.catalogued()
    let password = "the owner's long password"
    #expect(try workspace.addAccount("ada", role: "auditor", password: password) == 0)
    let server = try RunningServer(workspace, ["--accounts"])
    defer { _ = server.stop() }
    let answers = try Self.attack(server, "guesses", "ada", password, "20")
    let checked = try #require(answers["checked"] as? Int)
    let refused = try #require(answers["refused"] as? Int)
    // One guess at a time per account and address: the rest are refused with 429, unhashed.
    #expect(checked + refused == 20 && checked <= 2, "\(answers)")
    #expect((answers["other"] as? [Int])?.isEmpty == true)
    #expect((answers["seconds"] as? Double ?? 99) < 5, "\(answers)")
    // The owner, from another address, signs in without waiting out the guesser's failures.
    #expect(answers["right_status"] as? Int == 303)
    #expect((answers["right_seconds"] as? Double ?? 99) < 3, "\(answers)")
    // An unknown account costs as much as a known one: a full bcrypt either way.
    let unknown = try #require(answers["unknown_seconds"] as? Double)
    let known = try #require(answers["known_seconds"] as? Double)
    #expect(unknown > known * 0.5 && unknown < known * 2 + 0.3, "\(answers)")
  }

  @Test func thousandsOfHalfOpenConnectionsLeaveTheServerAnswering() throws {
    let workspace = try CLIWorkspace.catalogued()
    let server = try RunningServer(workspace)
    defer { _ = server.stop() }
    let answers = try Self.attack(server, "half-open", "3000")
    #expect(answers["opened"] as? Int == 3000, "\(answers)")
    #expect(answers["status"] as? Int == 200)
    #expect((answers["seconds"] as? Double ?? 99) < 1, "\(answers)")
  }

  @Test func aMalformedBodyIsABadRequestAndLogsNothing() throws {
    let workspace = try CLIWorkspace.catalogued()
    let server = try RunningServer(workspace)
    let answers = try Self.attack(server, "malformed")
    let stopped = server.stop()
    #expect(stopped.status == 0)
    #expect(answers["status"] as? Int == 400, "\(answers)")
    #expect(!server.errorOutput.contains("internal error"), "\(server.errorOutput)")
  }
}
