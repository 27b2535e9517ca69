import Foundation
import Testing

// The workspaces the findings suites start from, and how they read findings.

extension CLIWorkspace {
  /// The sample catalogued, a product, and audit 1.0 with a fail on iOS and one on Android.
  static func twoFails() throws -> CLIWorkspace {
    let workspace = try CLIWorkspace.catalogued()
    for arguments in [
      ["product", "add", "Acme App", "--platform", "ios,android"],
      ["audit", "new", "Acme App", "--release", "1.0"],
      [
        "link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.state", "--verdict", "fail", "--from",
        "1",
        "--to", "3", "--note", "the state is not said",
      ],
      [
        "link", "Media/native/checkbox/checkbox_AndroidTalkback.webm", CLIWorkspace.role, "--verdict", "fail",
        "--note", "said as a button",
      ],
      ["link", CLIWorkspace.voiceOver, CLIWorkspace.role, "--verdict", "pass"],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    return workspace
  }

  /// `findings list --json`'s findings, with `more` arguments.
  func findings(_ more: String...) throws -> [[String: Any]] {
    let result = try run(["findings", "list", "--json"] + more)
    #expect(result.status == 0, "\(result.stderr)")
    return (try result.json() as? [String: Any])?["findings"] as? [[String: Any]] ?? []
  }
}
