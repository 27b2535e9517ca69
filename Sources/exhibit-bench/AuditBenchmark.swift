import ExhibitKit
import ExhibitSQLite
import ExhibitStorage
import Foundation

/// `exhibit-bench audits [--components N] [--links N] [--repeats N] [--keep]`: two rounds of an
/// audit of a generated product (1,000 components with 10 items each, 50,000 links per round by
/// default: the first round closed, the retest with half its verdicts carried and half judged
/// again), then the time of `audit compare`, of the audit page's data and of the conformance
/// report's draft (`acr draft`), p50 and p99.
enum AuditBenchmark {
  struct Options {
    var components = 1000
    var links = 50_000
    var repeats = 30
    var keep = false

    init(_ arguments: [String]) {
      var rest = arguments.makeIterator()
      while let argument = rest.next() {
        switch argument {
        case "--components": components = Int(rest.next() ?? "") ?? components
        case "--links": links = Int(rest.next() ?? "") ?? links
        case "--repeats": repeats = Int(rest.next() ?? "") ?? repeats
        case "--keep": keep = true
        default:
          FileHandle.standardError.write(
            Data("usage: exhibit-bench audits [--components N] [--links N] [--repeats N] [--keep]\n".utf8))
          exit(64)
        }
      }
    }
  }

  static func run(_ arguments: [String]) throws {
    let options = Options(arguments)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "exhibit-bench-audits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { if !options.keep { try? FileManager.default.removeItem(at: folder) } }
    let path = folder.appendingPathComponent("bench.sqlite").path
    try Store.open(at: path, access: .write).close()
    let buildTime = try ContinuousClock().measure { try build(path, options) }
    print(
      "audits: \(options.components) components, \(options.components * 10) items, \(options.links) links per round; "
        + "built in \(format(milliseconds(buildTime) / 1000)) s")
    if options.keep { print("  kept \(path)") }
    let store = try Store.open(at: path, access: .read)
    defer { try? store.close() }
    var rows = 0
    let compare = try time(options.repeats) { rows = try store.compareAudits("1", "2").rows.count }
    print("  audit compare 1 2: \(rows) rows; p50 \(format(compare.p50)) ms, p99 \(format(compare.p99)) ms")
    var items = 0
    let page = try time(options.repeats) { items = try store.auditProgress("2").audit.tallies?.items ?? 0 }
    print(
      "  audit page data (audit 2): \(items) items; p50 \(format(page.p50)) ms, p99 \(format(page.p99)) ms")
    var levels = 0
    let acr = try time(max(5, options.repeats / 3)) {
      levels = try store.acrDraft(audit: "2").draft.rows.filter { $0.level != nil }.count
    }
    print("  acr draft (audit 2): \(levels) levels; p50 \(format(acr.p50)) ms, p99 \(format(acr.p99)) ms")
  }

  /// p50 and p99 of `repeats` runs, after one warm-up.
  static func time(_ repeats: Int, _ body: () throws -> Void) throws -> (p50: Double, p99: Double) {
    try body()
    var times: [Double] = []
    for _ in 0..<repeats { times.append(milliseconds(try ContinuousClock().measure(body))) }
    times.sort()
    return (percentile(times, 0.5), percentile(times, 0.99))
  }

  // Long: the rows of both rounds are written in one transaction, table by table, with prepared statements.
  /// Writes the product, its criteria, recordings and both rounds' links straight into the tables.
  static func build(_ path: String, _ options: Options) throws {
    let connection = try Connection(path: path, mode: .readWrite)
    defer { try? connection.close() }
    var generator = SeededGenerator(seed: 7)
    let now = "2026-11-25T00:00:00.000Z"
    try connection.transaction {
      try connection.execute(
        "INSERT INTO product (name, platforms, created_at, created_by) VALUES ('Bench', 'ios,android,web', ?, 'bench')",
        [now])
      let document = try connection.prepare(
        """
        INSERT INTO criteria_document (family, component, title, source_path, format, sha256, revision, imported_at)
        VALUES (?, ?, ?, ?, 'magenta-markdown', ?, 1, ?)
        """)
      let item = try connection.prepare(
        """
        INSERT INTO criteria_item (document_id, key, section, label, expectation, platforms, position)
        VALUES (?, ?, 'screenreader', ?, 'It is announced.', ?, ?)
        """)
      let recording = try connection.prepare(
        """
        INSERT INTO recording (sha256, size, status, container, duration_ms, family, component, platform,
          assistive_tech, catalogued_at)
        VALUES (?, 1000, 'ok', 'matroska,webm', 60000, ?, ?, ?, ?, ?)
        """)
      // MagentaA11y's labels, so the conformance draft maps every item to WCAG.
      let labels = [
        "keyboard.tab-arrow-keys-or-ctl-tab", "keyboard.spacebar", "keyboard.enter", "gestures.swipe",
        "gestures.doubletap", "screenreader.name", "screenreader.role", "screenreader.group",
        "screenreader.state",
        "settings.text-resize",
      ]
      var pairs: [(item: Int64, recording: Int64)] = []
      var recordingNumber = 0
      for index in 0..<options.components {
        let family = index % 2 == 0 ? "native" : "web"
        let slug = "component-\(index)"
        try document.run([
          .text(family), .text(slug), .text("Component \(index)"), .text("bench/\(slug).md"),
          .text(String(format: "%064x", index)), .text(now),
        ])
        let documentID = connection.lastInsertRowID
        let columns =
          family == "native"
          ? [("ios", "voiceover"), ("android", "talkback")]
          : [("ios", "voiceover"), ("android", "talkback"), ("macos", "voiceover"), ("windows", "nvda")]
        var recordings: [Int64] = []
        for (platform, reader) in columns {
          recordingNumber += 1
          try recording.run([
            .text(String(format: "%064x", recordingNumber)), .text(family), .text(slug), .text(platform),
            .text(reader),
            .text(now),
          ])
          recordings.append(connection.lastInsertRowID)
        }
        for position in 0..<10 {
          try item.run([
            .integer(documentID), .text("\(family)/\(slug)#\(labels[position % labels.count])"),
            .text("Item \(position)"),
            .text(columns.map(\.0).joined(separator: ",")), .integer(Int64(position)),
          ])
          let itemID = connection.lastInsertRowID
          pairs += recordings.map { (itemID, $0) }
        }
      }
      let verdicts = [
        "pass", "pass", "pass", "pass", "pass", "pass", "fail", "fail", "not-applicable", "untested",
      ]
      try connection.execute(
        """
        INSERT INTO audit (product_id, release, name, opened_at, opened_by) VALUES (1, '1.0', 'Bench 1.0', ?, 'bench')
        """, [now])
      let link = try connection.prepare(
        """
        INSERT INTO evidence_link (recording_id, item_id, start_ms, end_ms, verdict, auditor, note, created_at,
          audit_id, carried_from)
        VALUES (?, ?, ?, ?, ?, 'bench', '', ?, ?, ?)
        """)
      var first: [(id: Int64, pair: Int, verdict: String)] = []
      for number in 0..<options.links {
        let pair = number % pairs.count
        let verdict = verdicts[Int.random(in: 0..<verdicts.count, using: &generator)]
        let start = Int64(number / pairs.count) * 2000
        try link.run([
          .integer(pairs[pair].recording), .integer(pairs[pair].item), .integer(start),
          .integer(start + 1500),
          .text(verdict), .text(now), .integer(1), .null,
        ])
        first.append((connection.lastInsertRowID, pair, verdict))
      }
      try connection.execute("UPDATE audit SET closed_at = ?, closed_by = 'bench' WHERE id = 1", [now])
      try connection.execute(
        """
        INSERT INTO audit (product_id, release, name, from_audit_id, opened_at, opened_by)
        VALUES (1, '1.1', 'Bench 1.1', 1, ?, 'bench')
        """, [now])
      // Half the verdicts carried as they were, half judged again (a fifth of those changed).
      for (index, earlier) in first.enumerated() {
        let pair = pairs[earlier.pair]
        let start = Int64(index / pairs.count) * 2000
        if index % 2 == 0 {
          try link.run([
            .integer(pair.recording), .integer(pair.item), .integer(start), .integer(start + 1500),
            .text(earlier.verdict), .text(now), .integer(2), .integer(earlier.id),
          ])
        } else {
          let verdict =
            Int.random(in: 0..<5, using: &generator) == 0
            ? verdicts[Int.random(in: 0..<verdicts.count, using: &generator)] : earlier.verdict
          try link.run([
            .integer(pair.recording), .integer(pair.item), .integer(start), .integer(start + 1500),
            .text(verdict), .text(now), .integer(2), .null,
          ])
        }
      }
    }
    try connection.execute("ANALYZE")
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }
}
