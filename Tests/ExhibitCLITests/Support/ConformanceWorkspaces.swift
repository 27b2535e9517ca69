import Foundation
import Testing

// What the conformance tests share: GSA's OpenACR files beside the repository, criteria documents
// made from the sample ones under other names, the hand-worked audit, and a forger of bags.

extension CLIWorkspace {
  /// `../shared/openacr`: GSA's OpenACR schema and catalogs, when present.
  static let openACR = repository.deletingLastPathComponent().appendingPathComponent("shared/openacr")

  /// A corpus recording by the path it is filed under in `media/video/`.
  static func corpusRecording(_ corpus: URL, _ path: String) -> String {
    corpus.appendingPathComponent("media/video/\(path)").path
  }

  /// Writes `count` criteria documents into `Widgets/`, web for odd numbers and native for even
  /// ones, each the sample document of its family with the checkbox renamed `widget-N`.
  /// - Returns: The folder, to import.
  func writeWidgetDocuments(_ count: Int) throws -> String {
    let samples = [
      ("native/controls", "Criteria/native/controls/checkbox.md"),
      ("web/component", "Criteria/web/component/checkbox.md"),
    ]
    for number in 1...count {
      let (folder, sample) = samples[number % 2]
      let text = try String(
        contentsOf: CLIWorkspace.repository.appendingPathComponent(sample), encoding: .utf8)
      let renamed = text.replacingOccurrences(of: "checkbox", with: "widget-\(number)")
        .replacingOccurrences(of: "Checkbox", with: "Widget \(number)")
      _ = try write("Widgets/\(folder)/widget-\(number).md", Data(renamed.utf8))
    }
    return path("Widgets")
  }

  /// The audit of the hand-worked conformance examples: on software, 4.1.2 fails in one of three
  /// components tested (Partially Supports), 2.4.7 in two of three (Does Not Support), 2.1.1
  /// passes (Supports), 1.4.4 has only a related failure (no level), 1.3.1 nothing tested; on
  /// web, 2.4.7 passes.
  static func conformanceAudit() throws -> CLIWorkspace {
    let workspace = try CLIWorkspace.catalogued()
    #expect(try workspace.run("criteria", "import", try workspace.writeWidgetDocuments(4)).status == 0)
    for arguments in [
      ["product", "add", "Acme App", "--platform", "ios,android,web"],
      ["audit", "new", "Acme App", "--release", "1.0"],
      [
        "link", CLIWorkspace.voiceOver, "native/checkbox#screenreader.state", "--verdict", "fail", "--from",
        "1",
        "--to", "3", "--note", "the state is not read",
      ],
    ] {
      let result = try workspace.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }
    let observations: [(String, String, String)] = [
      ("native/checkbox#screenreader.role", "fail", "ios"),
      ("native/widget-2#screenreader.role", "pass", "ios"),
      ("native/widget-4#screenreader.role", "pass", "android"),
      ("native/checkbox#keyboard.tab-arrow-keys-or-ctl-tab", "pass", "ios"),
      ("native/widget-2#keyboard.tab-arrow-keys-or-ctl-tab", "fail", "ios"),
      ("native/widget-4#keyboard.tab-arrow-keys-or-ctl-tab", "fail", "android"),
      ("native/checkbox#keyboard.spacebar", "pass", "ios"),
      ("native/checkbox#settings.text-resize", "fail", "ios"),
      ("web/widget-1#keyboard.tab", "pass", "windows"),
    ]
    for (item, verdict, platform) in observations {
      // A screen-reader item's observation names its screen reader, as the rule asks.
      let reader =
        item.contains("#screenreader.")
        ? ["--screen-reader", platform == "ios" ? "voiceover" : "talkback"] : []
      let linked = try workspace.run(
        [
          "link", "--observation", item, "--verdict", verdict, "--platform", platform, "--note",
          "seen: \(verdict)",
        ]
          + reader)
      #expect(linked.status == 0, "\(item): \(linked.stderr)")
    }
    return workspace
  }
}

/// A forger of bags: edits a file, then re-saves every manifest as bagit-python does, so every
/// checksum is right again and only Exhibit's own checks can tell.
enum BagForgery {
  static func forge(_ bag: String, _ file: String, _ edit: (String) throws -> String) throws {
    let path = bag + "/" + file
    try (try edit(try String(contentsOfFile: path, encoding: .utf8))).write(
      toFile: path, atomically: true, encoding: .utf8)
    let saved = try Python.run(
      "import sys, bagit; bagit.Bag(sys.argv[1]).save(manifests=True)", [bag])
    #expect(saved.0 == 0, "bagit-python: \(saved.1)")
    #expect(
      try Python.run("import sys, bagit; bagit.Bag(sys.argv[1]).validate()", [bag]).0 == 0)
  }
}
