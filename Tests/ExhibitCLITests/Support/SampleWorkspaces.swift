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
