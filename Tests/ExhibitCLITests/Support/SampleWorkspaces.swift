import ExhibitKit
import Foundation
import Testing

// The workspaces CLI tests start from, each one step on from the one before: the sample
// recordings; the sample criteria imported and catalogued; a verdict linked; a signed bag.

extension CLIWorkspace {
  /// The iOS VoiceOver sample recording and the item its role is.
  static let voiceOver = "Media/native/checkbox/checkboxVoiceOver.webm"
  static let role = "native/checkbox#screenreader.role"
  /// The repository's sample criteria.
  static let sampleCriteria = repository.appendingPathComponent("Criteria").path

  /// A workspace with a copy of the repository's `Media/`.
  static func withMedia() throws -> CLIWorkspace {
    let workspace = try CLIWorkspace()
    try FileManager.default.copyItem(
      at: CLIWorkspace.repository.appendingPathComponent("Media"),
      to: workspace.root.appendingPathComponent("Media"))
    return workspace
  }

  static func catalogued() throws -> CLIWorkspace {
    let workspace = try withMedia()
    try workspace.run("criteria", "import", CLIWorkspace.repository.appendingPathComponent("Criteria").path)
    try workspace.run("catalog")
    return workspace
  }

  /// The catalogued sample in an open audit of Acme App 1.0, with a pass on the VoiceOver
  /// recording's role item (0.4 to 5 s).
  static func inOpenAudit() throws -> CLIWorkspace {
    let workspace = try catalogued()
    for arguments in [
      ["product", "add", "Acme App", "--platform", "ios,android"],
      ["audit", "new", "Acme App", "--release", "1.0"],
      [
        "link", voiceOver, "native/checkbox#screenreader.role", "--verdict", "pass", "--from", "0.4", "--to",
        "5",
      ],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    return workspace
  }

  /// Our own speech (Tests/ExhibitKitTests/Fixtures/media/announcements.webm), named so that it
  /// is attributed to the native checkbox on iOS.
  static let heardRecording = "Media/native/checkbox/checkbox_iOSVoiceOverHeard.webm"

  /// The searchable sample with our own speech beside it, catalogued and heard (`exhibit listen`).
  static func heard() throws -> CLIWorkspace {
    let workspace = try searchable()
    try FileManager.default.copyItem(
      at: repository.appendingPathComponent("Tests/ExhibitKitTests/Fixtures/media/announcements.webm"),
      to: workspace.root.appendingPathComponent(heardRecording))
    #expect(try workspace.run("catalog").status == 0)
    let listened = try workspace.run("listen", heardRecording)
    #expect(listened.status == 0, "\(listened.stderr)")
    return workspace
  }

  static func searchable() throws -> CLIWorkspace {
    let workspace = try withMedia()
    for document in ["Criteria/native/controls/checkbox.md", "Criteria/web/component/checkbox.md"] {
      let criteria = CLIWorkspace.repository.appendingPathComponent(document).path
      #expect(try workspace.run("criteria", "import", criteria).status == 0)
    }
    #expect(try workspace.run("catalog").status == 0)
    return workspace
  }

  static func linked() throws -> CLIWorkspace {
    let workspace = try searchable()
    let link = try workspace.run(
      "link", "Media/native/checkbox/checkboxVoiceOver.webm", "native/checkbox#screenreader.role",
      "--verdict",
      "pass", "--from", "0.4", "--to", "5.2")
    #expect(link.status == 0, "\(link.stderr)")
    return workspace
  }

  /// A signed bag with a pass and a fail, and the workspace that made it.
  static func signedBag() throws -> (CLIWorkspace, String) {
    let workspace = try linked()
    let fail = try workspace.run(
      "link", "Media/native/checkbox/checkboxVoiceOver.webm", "native/checkbox#screenreader.state",
      "--verdict",
      "fail", "--note", "no state announced")
    #expect(fail.status == 0, "\(fail.stderr)")
    let made = try workspace.run(
      "bundle", "native/checkbox", "--platform", "ios", "--out", "bags", "--date", "2026-11-22", "--json")
    #expect(made.status == 0, "\(made.stderr)")
    let bag = try #require((try made.json() as? [String: Any])?["path"] as? String)
    #expect(try workspace.run("verify", bag).status == 0)
    return (workspace, bag)
  }
}
