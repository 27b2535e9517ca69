import Foundation
import Testing

/// `exhibit wcag` and `exhibit acr` as a compliance team runs them: an audit of four native and
/// two web components whose verdicts were worked out by hand, drafted, decided, written as OpenACR
/// (checked against GSA's schema and catalog when `../shared/openacr` is present) and as the
/// readable VPAT (axe-core at desktop and phone width, printed to PDF); and bad input refused with
/// nothing written.
@Suite struct ConformanceCommandTests {
  /// The rows of `acr draft --all --json`, by criterion and component type.
  static func rows(_ workspace: CLIWorkspace) throws -> [String: [String: Any]] {
    let draft = try #require(
      try workspace.run("acr", "draft", "1", "--all", "--json").json() as? [String: Any])
    var rows: [String: [String: Any]] = [:]
    for row in draft["rows"] as? [[String: Any]] ?? [] {
      rows["\(row["criterion"] as? String ?? "") \(row["component_type"] as? String ?? "")"] = row
    }
    return rows
  }

  @Test func theDraftFollowsTheNecessaryItems() throws {
    let workspace = try CLIWorkspace.conformanceAudit()
    let rows = try Self.rows(workspace)
    func level(_ key: String) -> String? { rows[key]?["level"] as? String }
    func remarks(_ key: String) -> String { rows[key]?["remarks"] as? String ?? "" }
    #expect(level("4.1.2 software") == "partially-supports")
    #expect(remarks("4.1.2 software").hasPrefix("Fails in 1 of 3 components tested: "))
    #expect(
      remarks("4.1.2 software").contains("Checkbox State: fail (link 1 at 0:01.0–0:03.0 on iOS VoiceOver)"))
    #expect(
      remarks("4.1.2 software").contains("Checkbox Role: fail (link 2 observed on iOS VoiceOver)"))
    #expect(level("2.4.7 software") == "does-not-support")
    #expect(remarks("2.4.7 software").hasPrefix("Fails in 2 of 3 components tested"))
    #expect(level("2.1.1 software") == "supports")
    #expect(remarks("2.1.1 software").hasPrefix("No failure found in 1 component tested"))
    #expect(level("1.4.4 software") == nil)
    #expect(remarks("1.4.4 software").contains("Related items failed, not counted towards the level"))
    #expect(level("1.3.1 software") == nil)
    #expect(remarks("1.3.1 software").contains("(screenreader.group) have no verdict yet"))
    #expect(level("2.4.7 web") == "supports")
    #expect(level("4.1.2 web") == nil)
    #expect(rows.keys.contains { $0.hasPrefix("2.5.8 ") }, "every A and AA criterion has a row with --all")

    // Decided levels: one the evidence bears out, two it contradicts, each with its warning.
    let agreed = try workspace.run(
      "acr", "set", "1", "1.4.4", "supports", "--component-type", "software", "--remarks",
      "The platform's largest text works in every component")
    // Nothing necessary to 1.4.4 was tested: a Supports decided over it says so.
    #expect(
      agreed.status == 0 && agreed.stderr.contains("warning: Supports, though no necessary item was tested"),
      "\(agreed.stderr)")
    let contradicted = try workspace.run(
      "acr", "set", "1", "4.1.2", "supports", "--component-type", "software")
    #expect(contradicted.status == 0)
    #expect(contradicted.stderr.contains("warning: Supports, though 2 necessary items failed"))
    let notApplicable = try workspace.run(
      "acr", "set", "1", "2.1.1", "not-applicable", "--component-type", "software")
    #expect(notApplicable.stderr.contains("warning: Not Applicable, though 1 necessary items were tested"))
    let decided = try Self.rows(workspace)
    #expect(decided["4.1.2 software"]?["level"] as? String == "supports")
    #expect(decided["4.1.2 software"]?["draft"] as? String == "partially-supports")
    #expect((decided["4.1.2 software"]?["warnings"] as? [String])?.count == 1)
    // The OpenACR YAML, which has no field for them, says the warning and which levels were drafted.
    let written = try workspace.run(
      "acr", "1", "--format", "openacr", "--author", "Nina Auditor <nina@example.org>", "--date", "2026-11-25"
    )
    // YAML folds long lines.
    let yaml = written.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(yaml.contains("Warning: Supports, though 2 necessary items failed"), "\(yaml)")
    // The audit is open: the report says it is provisional, and so does the command.
    #expect(
      yaml.contains("notes: 'Provisional: audit 1") || yaml.contains("notes: Provisional: audit 1"), "\(yaml)"
    )
    #expect(written.stderr.contains("warning: Provisional: audit 1"), "\(written.stderr)")
    #expect(yaml.contains("Warning: Supports, though no necessary item was tested"))
    #expect(yaml.contains("Drafted from the verdicts; not yet decided by an auditor."))
    #expect(
      decided["1.4.4 software"]?["remarks"] as? String
        == "The platform's largest text works in every component")

    // A workspace's own mapping row: text resize made necessary to 1.4.4 for this audit's product.
    let mapped = try workspace.run(
      "wcag", "map", "native/checkbox#settings.text-resize", "1.4.4", "--relation", "necessary", "--reason",
      "this app promises 200% text and no more")
    #expect(mapped.status == 0, "\(mapped.stderr)")
    let remapped = try Self.rows(workspace)
    #expect(remapped["1.4.4 software"]?["draft"] as? String == "does-not-support")
    #expect(
      (remapped["1.4.4 software"]?["warnings"] as? [String])?.first?.hasPrefix("Supports, though") == true)
    let shown = try workspace.run("wcag", "show", "native/checkbox#settings.text-resize")
    #expect(shown.stdout.contains("this app promises 200% text and no more"))
    let history = try workspace.run("history", "--json").stdout
    #expect(history.contains("\"wcag.map\"") && history.contains("\"acr.set\""))
    #expect(try workspace.run("verify").status == 0)
  }

  @Test func theReportIsValidOpenACRAndAReadablePrintablePage() throws {
    let workspace = try CLIWorkspace.conformanceAudit()
    #expect(
      try workspace.run("acr", "set", "1", "2.4.7", "partially-supports", "--component-type", "software")
        .status == 0)
    let yaml = try workspace.run(
      "acr", "1", "--format", "openacr", "--author", "Nina Auditor <nina@example.org>", "--date", "2026-11-25"
    )
    #expect(yaml.status == 0, "\(yaml.stderr)")
    #expect(yaml.stdout.contains("report_date: '2026-11-25'") && yaml.stdout.contains("version: '1.0'"))
    #expect(yaml.stdout.contains("catalog: 2.5-edition-wcag-2.2-en"))
    let report = try workspace.write("acr.yaml", Data(yaml.stdout.utf8))
    if FileManager.default.fileExists(atPath: CLIWorkspace.openACR.path) {
      let check = try Python.run([Python.script("check_openacr.py"), report, CLIWorkspace.openACR.path])
      #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
    let page = try workspace.run(
      "acr", "1", "--format", "html", "--author", "nina@example.org", "--date", "2026-11-25")
    #expect(page.status == 0)
    #expect(page.stdout.contains("Table 1: Success Criteria, Level A") && page.stdout.contains("(decided)"))
    #expect(page.stdout.contains("<p class=\"notice\" role=\"note\">Provisional: audit 1"))
    #expect(page.stdout.contains("http://127.0.0.1:8080/recordings/"))
    let html = try workspace.write("acr.html", Data(page.stdout.utf8))
    let screenshots = CLIWorkspace.repository.appendingPathComponent(".build/screenshots/acr").path
    let check = try Python.run([Python.script("check_acr_page.py"), html, screenshots])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(FileManager.default.fileExists(atPath: "\(screenshots)/acr-phone.png"))
  }

  @Test func theWebPageDecidesALevelAndDownloadsTheReport() throws {
    let workspace = try CLIWorkspace.conformanceAudit()
    // A level another auditor decided, for the visitor to approve.
    workspace.environment["EXHIBIT_AUDITOR"] = "ana"
    #expect(
      try workspace.run("acr", "set", "1", "1.4.4", "does-not-support", "--component-type", "software").status
        == 0)
    workspace.environment["EXHIBIT_AUDITOR"] = "test-auditor"
    let server = try RunningServer(workspace)
    defer { _ = server.stop() }
    let screenshots = CLIWorkspace.repository.appendingPathComponent(".build/screenshots/acr-web").path
    let check = try Python.run([Python.script("check_acr_web.py"), server.base, "1", screenshots])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    if FileManager.default.fileExists(atPath: CLIWorkspace.openACR.path) {
      for report in ["acr-web.yaml", "acr-web-int.yaml"] {
        let schema = try Python.run([
          Python.script("check_openacr.py"), "\(screenshots)/\(report)", CLIWorkspace.openACR.path,
        ])
        #expect(schema.status == 0, "\(report): \(schema.stdout)\(schema.stderr)")
      }
      let international = try String(contentsOfFile: "\(screenshots)/acr-web-int.yaml", encoding: .utf8)
      #expect(international.contains("catalog: 2.5-edition-wcag-2.2-508-eu-en"))
      #expect(international.contains("en_301_549_functional_performance:"))
    }
    let history = try #require(try workspace.run("history", "--json").json() as? [[String: Any]])
    #expect(history.contains { $0["action"] as? String == "acr.set" })
    #expect(
      history.contains {
        $0["action"] as? String == "approval.add" && ($0["after"] as? String)?.contains("1.4.4") == true
      })
  }

  @Test func badInputIsRefusedAndNothingIsWritten() throws {
    let workspace = try CLIWorkspace.conformanceAudit()
    #expect(try workspace.run("product", "add", "Other App", "--platform", "ios").status == 0)
    #expect(try workspace.run("audit", "new", "Other App", "--release", "0.1").status == 0)
    #expect(
      try workspace.run("audit", "new", "Acme App", "--release", "2.0", "--scope", "native/checkbox").status
        == 0)
    let refusals: [([String], String)] = [
      (
        ["acr", "set", "1", "9.9.9", "supports", "--component-type", "software"],
        "9.9.9 is not a WCAG 2.2 success criterion"
      ),
      (
        ["acr", "set", "1", "1.4.4", "mostly", "--component-type", "software"],
        "'mostly' is not a conformance level"
      ),
      (
        ["acr", "set", "1", "1.4.4", "supports", "--component-type", "electronic-docs"],
        "'electronic-docs' is not a component type"
      ),
      (
        ["acr", "set", "1", "1.4.4", "not-evaluated", "--component-type", "software"],
        "not-evaluated is allowed for AAA criteria only"
      ),
      (["acr", "set", "3", "1.4.4", "supports", "--component-type", "web"], "covers no web component"),
      (
        ["acr", "set", "1", "4.2.1", "not-evaluated", "--component-type", "software"],
        "not-evaluated is allowed for AAA criteria only, and 4.2.1 is not one"
      ),
      (["acr", "draft", "2"], "has no verdicts yet"),
      (["acr", "2", "--format", "openacr", "--author", "a@b.org"], "has no verdicts yet"),
      (["acr", "1", "--format", "openacr", "--author", "Nina Auditor"], "has no e-mail address"),
      (
        [
          "wcag", "map", "native/checkbox#screenreader.role", "9.9.9", "--relation", "necessary", "--reason",
          "x",
        ],
        "9.9.9 is not a WCAG 2.2 success criterion"
      ),
      (
        [
          "wcag", "map", "native/checkbox#screenreader.role", "4.1.2", "--relation", "maybe", "--reason", "x",
        ],
        "'maybe' is not a relation"
      ),
      (
        [
          "wcag", "map", "native/checkbox#screenreader.role", "4.1.2", "--relation", "related", "--reason",
          " ",
        ],
        "say why with --reason"
      ),
      (
        [
          "wcag", "map", "native/checkbox#screenreader.nothing", "4.1.2", "--relation", "related", "--reason",
          "x",
        ],
        "native/checkbox#screenreader.nothing"
      ),
    ]
    let edition = try workspace.run("acr", "1", "--edition", "vpat", "--author", "a@b.org")
    #expect(edition.status == 64 && edition.stderr.contains("vpat"), "\(edition.stderr)")
    for (arguments, message) in refusals {
      let refused = try workspace.run(arguments)
      #expect(refused.status == 1, "\(arguments)")
      #expect(refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
    }
    #expect(try workspace.run("audit", "close", "1").status == 0)
    let final = try workspace.run(
      "acr", "1", "--format", "openacr", "--author", "Nina Auditor <nina@example.org>", "--date", "2026-11-25"
    )
    #expect(
      final.status == 0 && !final.stdout.contains("Provisional") && !final.stderr.contains("Provisional"))
    let closed = try workspace.run("acr", "set", "1", "1.4.4", "supports", "--component-type", "software")
    #expect(closed.status == 1 && closed.stderr.contains("is closed: its conformance report is final"))
    let history = try workspace.run("history", "--json").stdout
    #expect(!history.contains("\"acr.set\"") && !history.contains("\"wcag.map\""))
  }

  /// A document's own "Related WCAG" list against the mapping: 1.4.1 is listed but no item bears
  /// on it; 2.4.7 and 2.1.1 are what its items map to but the list lacks.
  @Test func aDocumentsOwnListIsCheckedAgainstTheMapping() throws {
    let workspace = try CLIWorkspace()
    #expect(try workspace.run("init").status == 0)
    let document = CLIWorkspace.repository.appendingPathComponent(
      "Tests/ExhibitKitTests/Fixtures/criteria/related/toggle-switch.md")
    let imported = try workspace.run("criteria", "import", document.path)
    #expect(imported.status == 0, "\(imported.stderr)")
    let checks = try #require(try workspace.run("wcag", "check", "--json").json() as? [[String: Any]])
    let check = try #require(checks.first)
    #expect(check["component"] as? String == "web/toggle-switch")
    #expect(check["listed"] as? [String] == ["1.3.1", "4.1.2", "2.4.3", "1.4.1"])
    #expect(check["listed_not_mapped"] as? [String] == ["1.4.1"])
    let missing = check["mapped_not_listed"] as? [String] ?? []
    #expect(
      missing.contains("2.4.7") && missing.contains("2.1.1") && !missing.contains("4.1.2"), "\(missing)")
    let table = try workspace.run("wcag", "check")
    #expect(table.stdout.contains("web/toggle-switch") && table.stdout.contains("1.4.1"))
    // A document without a list of its own is not checked.
    #expect(try workspace.run("criteria", "import", CLIWorkspace.sampleCriteria).status == 0)
    #expect((try workspace.run("wcag", "check", "--json").json() as? [[String: Any]])?.count == 1)
  }

  /// Every label the sample documents, the seeds and the corpus use has a mapping row, or the
  /// report could not say what it rests on: a new label fails here until it is mapped.
  @Test func everyLabelInUseIsMapped() throws {
    let workspace = try CLIWorkspace()
    #expect(try workspace.run("init").status == 0)
    var sources = [CLIWorkspace.sampleCriteria]
    let seeds = CLIWorkspace.repository.deletingLastPathComponent().appendingPathComponent("shared/seeds")
    if FileManager.default.fileExists(atPath: seeds.path) { sources.append(seeds.path) }
    if let corpus = CLIWorkspace.corpus {
      sources.append(corpus.appendingPathComponent("documentation").path)
    }
    for source in sources { _ = try workspace.run("criteria", "import", source) }
    let documents = try #require(try workspace.run("criteria", "list", "--json").json() as? [[String: Any]])
    let components = Set(documents.compactMap { $0["component"] as? String })
    #expect(components.count >= 2)
    for component in components.sorted() {
      let items = try #require(
        try workspace.run("wcag", "show", component, "--json").json() as? [[String: Any]], "\(component)")
      for item in items {
        #expect(item["unmapped"] as? Bool == false, "\(item["item"] ?? "") has no WCAG mapping row")
      }
    }
  }
}
