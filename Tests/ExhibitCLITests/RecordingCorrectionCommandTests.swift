import Foundation
import Testing

/// `exhibit recordings set`: an auditor corrects what a recording is of; the correction is
/// audited, survives later catalogues and imports, and bad input writes nothing.
@Suite struct RecordingCorrectionCommandTests {
  static let talkBack = "Media/native/checkbox/checkbox_AndroidTalkback.webm"

  static func workspace() throws -> CLIWorkspace {
    let workspace = try CLIWorkspace.withMedia()
    try workspace.run("criteria", "import", CLIWorkspace.repository.appendingPathComponent("Criteria").path)
    // Sessions whose names say nothing (other bytes, so other recordings): Exhibit cannot place them.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: workspace.path(talkBack)))
    try workspace.write("Media/inbox/session-0412.webm", bytes + Data(count: 4))
    try workspace.write("Media/IMG_2231.webm", bytes + Data(count: 8))
    #expect(try workspace.run("catalog").status == 0)
    return workspace
  }

  static func listed(_ workspace: CLIWorkspace, _ arguments: String...) throws -> [[String: Any]] {
    try #require(try workspace.run(["recordings", "list", "--json"] + arguments).json() as? [[String: Any]])
  }

  static func events(_ workspace: CLIWorkspace) throws -> Int {
    try #require(try workspace.run("history", "--json").json() as? [[String: Any]]).count
  }

  @Test func uninformativeNamesAreUnattributedAndListedAsSuch() throws {
    let workspace = try Self.workspace()
    let unplaced = try Self.listed(workspace, "--unattributed")
    let names = Set(
      unplaced.compactMap { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } })
    #expect(names == ["IMG_2231.webm", "session-0412.webm"])
    #expect(unplaced.first?["component"] is NSNull)
    #expect(
      try Self.listed(workspace).allSatisfy { ($0["component"] as? String)?.hasSuffix("/session") != true })
  }

  @Test func aCorrectionIsAuditedAndNoLaterCatalogueOrImportUndoesIt() throws {
    let workspace = try Self.workspace()
    let before = try Self.events(workspace)
    let set = try workspace.run(
      "recordings", "set", workspace.path("Media/IMG_2231.webm"), "--component", "native/checkbox",
      "--platform",
      "android", "--screen-reader", "talkback", "--os-version", "Android 14.1", "--device", "Pixel 8",
      "--auditor",
      "ana")
    #expect(set.status == 0, "\(set.stderr)")
    #expect(set.stdout.contains("native/checkbox  (set by hand)"))
    #expect(set.stdout.contains("Pixel 8  (set by hand)"))
    #expect(try Self.events(workspace) == before + 1)
    let history = try #require(
      try workspace.run("history", workspace.path("Media/IMG_2231.webm"), "--json").json() as? [[String: Any]]
    )
    let event = try #require(history.last)
    #expect(event["action"] as? String == "recording.attribute")
    #expect(event["actor"] as? String == "ana")
    #expect(
      (event["after"] as? String)?.contains(
        "\"hand_set\":\"component,platform,assistive_tech,os_version,device\"") == true)

    // Catalogue again, import again: the hand-set fields stay.
    try workspace.run("catalog")
    try workspace.run("criteria", "import", CLIWorkspace.repository.appendingPathComponent("Criteria").path)
    let shown = try #require(
      try workspace.run("recordings", "show", workspace.path("Media/IMG_2231.webm"), "--json").json()
        as? [String: Any])
    let attribution = try #require(shown["attribution"] as? [String: [String: String]])
    #expect(attribution["component"]?["value"] == "native/checkbox")
    #expect(attribution["component"]?["source"] == "hand")
    #expect(attribution["os_version"]?["value"] == "Android 14.1")
    #expect(attribution["device"]?["value"] == "Pixel 8")
    #expect(try Self.listed(workspace, "--unattributed").count == 1)
    // The trail still replays to the tables.
    #expect(try workspace.run("verify").status == 0)

    // A bundle labels each recording with its own OS version and device, whatever --build says.
    let made = try workspace.run(
      "bundle", "native/checkbox", "--platform", "android", "--build", "17.5", "--date", "2026-11-25",
      "--out",
      workspace.path("bundles"))
    #expect(made.status == 0, "\(made.stderr)")
    let manifest = try #require(
      try JSONSerialization.jsonObject(
        with: Data(
          contentsOf: URL(
            fileURLWithPath: workspace.path("bundles/native-checkbox-android-2026-11-25/data/manifest.json")))
      )
        as? [String: Any])
    let environments = Dictionary(
      uniqueKeysWithValues: (manifest["recordings"] as? [[String: Any]] ?? []).compactMap { recording in
        (recording["name"] as? String).map { ($0, recording["environment"] as? [String: Any] ?? [:]) }
      })
    #expect(environments["IMG_2231.webm"]?["os"] as? String == "Android 14.1")
    #expect(environments["IMG_2231.webm"]?["device"] as? String == "Pixel 8")
    #expect(environments["checkbox_AndroidTalkback.webm"]?["device"] == nil)
    #expect(
      try workspace.run("verify", workspace.path("bundles/native-checkbox-android-2026-11-25")).status == 0)
  }

  @Test func badCorrectionsAreClearErrorsAndWriteNothing() throws {
    let workspace = try Self.workspace()
    let recording = workspace.path("Media/IMG_2231.webm")
    let before = try Self.events(workspace)
    let cases: [([String], String)] = [
      (["--component", "native/stepper"], "native/stepper: no such component"),
      (["--platform", "amiga"], "amiga"),
      (
        ["--component", "native/checkbox", "--platform", "windows"],
        "windows is not a platform of native components"
      ),
      (["--status", "ok"], "--status"),
      (["--os-version", ""], "--os-version: is empty"),
      ([], "nothing to set"),
    ]
    for (arguments, message) in cases {
      let result = try workspace.run(["recordings", "set", recording] + arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(!result.stderr.contains("Fatal"))
    }
    let missing = try workspace.run(
      "recordings", "set", workspace.path("Media/nothing.webm"), "--platform", "ios")
    #expect(missing.status != 0 && missing.stderr.contains("no catalogued recording"))
    #expect(try Self.events(workspace) == before)
    #expect(try Self.listed(workspace, "--unattributed").count == 2)
  }

  @Test func anEmptyUserIsNamedFromTheAccount() throws {
    let workspace = try Self.workspace()
    workspace.environment.removeValue(forKey: "EXHIBIT_AUDITOR")
    workspace.environment["USER"] = ""
    workspace.environment.removeValue(forKey: "LOGNAME")
    let result = try workspace.run(
      "recordings", "set", workspace.path("Media/IMG_2231.webm"), "--device", "Pixel 8")
    #expect(result.status == 0, "\(result.stderr)")
    let history = try #require(
      try workspace.run("history", workspace.path("Media/IMG_2231.webm"), "--json").json() as? [[String: Any]]
    )
    let account = String(cString: getpwuid(geteuid()).pointee.pw_name)
    #expect(history.last?["actor"] as? String == account)
    #expect(!result.stderr.contains("no user name could be found"))
  }

  @Test func showSaysWhenAComponentHasNoCriteriaForThePlatform() throws {
    let workspace = try Self.workspace()
    for command in [["show"], ["coverage"], ["criteria", "show"]] {
      let result = try workspace.run(command + ["native/checkbox", "--platform", "windows"])
      #expect(result.status != 0, "\(command)")
      #expect(
        result.stderr.contains(
          "native/checkbox has no criteria for windows; its criteria are for ios, android"))
    }
  }

  @Test func captionFilesWithoutAVideoAreWarnedAboutOnce() throws {
    let workspace = try Self.workspace()
    try workspace.write(
      "Media/orphans/lost-en-US.vtt", Data("WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n".utf8))
    let first = try workspace.run("catalog")
    #expect(first.stderr.contains("lost-en-US.vtt: caption file with no recording beside it"))
    let second = try workspace.run("catalog")
    #expect(!second.stderr.contains("lost-en-US.vtt"))
    #expect(
      second.stdout.contains("1 caption files without a recording were reported before; --verbose lists them")
    )
    #expect(try workspace.run("catalog", "--verbose").stderr.contains("lost-en-US.vtt"))
  }

  @Test func frameRatesAreDecimalsAndCueLinesStayIndented() throws {
    let workspace = try Self.workspace()
    try workspace.write(
      "Media/native/checkbox/checkbox_AndroidTalkback-en-US.vtt",
      Data("WEBVTT\n\n00:00.400 --> 00:02.000\nEmail me updates,\ncheckbox, not checked\n".utf8))
    try workspace.run("catalog")
    let show = try workspace.run("recordings", "show", workspace.path(Self.talkBack)).stdout
    #expect(
      show.contains("Email me updates,\n" + String(repeating: " ", count: 21) + "checkbox, not checked"))
    let streams = show.split(separator: "\n").filter { $0.contains(" fps") }
    #expect(!streams.isEmpty)
    #expect(streams.allSatisfy { !$0.contains("/") })
  }
}
