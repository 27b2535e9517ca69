import ExhibitKit
import ExhibitSQLite
import ExhibitStorage
import Foundation

/// A database filled with generated rows (no files): criteria items, recordings with caption cues,
/// and link notes, written through the real schema so every FTS5 trigger runs.
struct SyntheticWorkspace {
  var components: Int
  var itemsPerComponent: Int
  var recordings: Int
  var cuesPerRecording: Int
  var notes: Int

  /// Words a screen reader says, most common first; the tail is generated pseudo-words.
  static let spokenWords = [
    "checkbox", "checked", "not", "button", "double", "tap", "to", "toggle", "selected", "heading", "link",
    "switch", "on", "off", "dimmed", "menu", "collapsed", "expanded", "list", "item", "of", "email", "me",
    "updates", "send", "copy", "tab", "radio", "level", "image", "dialog", "close", "search", "field",
    "edit", "text", "slider", "percent", "adjustable", "swipe", "up", "down", "activate", "unavailable",
  ]

  let vocabulary: [String]
  let scale: Double

  /// The component ids ``build(into:)`` writes, in its order.
  var componentIDs: [String] {
    (0..<components).map { index in "\(index % 2 == 0 ? "native" : "web")/component-\(index)" }
  }

  init(scale: Double) {
    self.scale = scale
    components = max(1, Int(500 * scale))
    itemsPerComponent = 20
    recordings = Int(100_000 * scale)
    cuesPerRecording = 10
    notes = Int(10_000 * scale)
    var generator = SeededGenerator(seed: 7)
    let syllables = [
      "ka", "lo", "mi", "ren", "tu", "vas", "quo", "bel", "dri", "sen", "ox", "pla", "zu", "ther",
    ]
    var words = Self.spokenWords
    var seen = Set(words)
    while words.count < 20_000 {
      let word = (0..<Int.random(in: 2...4, using: &generator)).map { _ in
        syllables[Int.random(in: 0..<syllables.count, using: &generator)]
      }.joined()
      if seen.insert(word).inserted { words.append(word) }
    }
    vocabulary = words
  }

  // Long: the generator fills each table in turn with one prepared statement each; split, it would only pass them around.
  /// Fills the store in one transaction; returns the component ids used.
  func build(into connection: Connection) throws -> [String] {
    var generator = SeededGenerator(seed: 42)
    let zipf = ZipfSampler(count: vocabulary.count, exponent: 1.05)
    func sentence(_ range: ClosedRange<Int>) -> String {
      (0..<Int.random(in: range, using: &generator)).map { _ in vocabulary[zipf.sample(using: &generator)] }
        .joined(separator: " ")
    }
    let now = "2026-11-21T00:00:00Z"
    var componentIDs: [String] = []
    var itemIDs: [Int64] = []
    try connection.transaction {
      let document = try connection.prepare(
        """
        INSERT INTO criteria_document (family, component, title, source_path, format, sha256, revision, imported_at)
        VALUES (?, ?, ?, ?, 'magenta-markdown', ?, 1, ?)
        """)
      let item = try connection.prepare(
        """
        INSERT INTO criteria_item (document_id, key, section, label, expectation, platforms, position)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """)
      let scenario = try connection.prepare(
        "INSERT INTO gherkin_scenario (document_id, position, title) VALUES (?, 0, 'Screen reader output')")
      let step = try connection.prepare(
        "INSERT INTO gherkin_step (scenario_id, position, keyword, text) VALUES (?, ?, 'THEN', ?)")
      let sections = ["keyboard", "gestures", "screenreader", "settings"]
      for (index, id) in self.componentIDs.enumerated() {
        let family = String(id.split(separator: "/")[0])
        let slug = String(id.split(separator: "/")[1])
        componentIDs.append(id)
        try document.run([
          .text(family), .text(slug), .text("Component \(index)"), .text("bench/\(slug).md"),
          .text(String(format: "%064x", index)), .text(now),
        ])
        let documentID = connection.lastInsertRowID
        let platforms = family == "native" ? "ios,android" : "ios,android,macos,windows"
        for position in 0..<itemsPerComponent {
          try item.run([
            .integer(documentID), .text("\(family)/\(slug)#item.\(position)"),
            .text(sections[position % sections.count]), .text(sentence(1...3)), .text(sentence(8...16)),
            .text(platforms), .integer(Int64(position)),
          ])
          itemIDs.append(connection.lastInsertRowID)
        }
        try scenario.run([.integer(documentID)])
        let scenarioID = connection.lastInsertRowID
        for position in 0..<10 {
          try step.run([.integer(scenarioID), .integer(Int64(position)), .text(sentence(6...12))])
        }
      }
      let recording = try connection.prepare(
        """
        INSERT INTO recording (sha256, size, status, container, duration_ms, family, component, platform,
          assistive_tech, catalogued_at)
        VALUES (?, 1000, 'ok', 'matroska,webm', 60000, ?, ?, ?, ?, ?)
        """)
      let path = try connection.prepare(
        """
        INSERT INTO recording_path (recording_id, path, name, size, mtime_ns, inode, device, first_seen, last_seen)
        VALUES (?, ?, ?, 1000, 0, ?, 1, ?, ?)
        """)
      let track = try connection.prepare(
        "INSERT INTO caption_track (recording_id, path, language, sha256, size, mtime_ns) VALUES (?, ?, 'en', '', 0, 0)"
      )
      let cue = try connection.prepare(
        "INSERT INTO caption_cue (track_id, position, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?)")
      // Every link belongs to an audit: one product at one release.
      try connection.execute(
        "INSERT INTO product (name, platforms, created_at, created_by) VALUES ('bench', '', ?, 'bench')",
        [now])
      try connection.execute(
        """
        INSERT INTO audit (product_id, release, name, opened_at, opened_by)
        VALUES (\(connection.lastInsertRowID), '1', 'bench 1', ?, 'bench')
        """, [now])
      let audit = connection.lastInsertRowID
      let link = try connection.prepare(
        """
        INSERT INTO evidence_link (recording_id, item_id, start_ms, end_ms, verdict, auditor, note, created_at, audit_id)
        VALUES (?, ?, 0, 1000, 'pass', 'bench', ?, ?, \(audit))
        """)
      let nativePlatforms = [("ios", "voiceover"), ("android", "talkback")]
      let webPlatforms = nativePlatforms + [("macos", "voiceover"), ("windows", "nvda")]
      for index in 0..<recordings {
        let component = componentIDs[index % componentIDs.count]
        let parts = component.split(separator: "/").map(String.init)
        let choices = parts[0] == "native" ? nativePlatforms : webPlatforms
        let (platform, reader) = choices[Int.random(in: 0..<choices.count, using: &generator)]
        try recording.run([
          .text(String(format: "%064x", index + 1)), .text(parts[0]), .text(parts[1]), .text(platform),
          .text(reader), .text(now),
        ])
        let recordingID = connection.lastInsertRowID
        let name = "\(parts[1])_\(platform)\(reader)_\(index).webm"
        try path.run([
          .integer(recordingID), .text("/bench/\(component)/\(name)"), .text(name), .integer(Int64(index)),
          .text(now), .text(now),
        ])
        try track.run([.integer(recordingID), .text("/bench/\(component)/\(index).vtt")])
        let trackID = connection.lastInsertRowID
        for position in 0..<cuesPerRecording {
          let start = Int64(position * 3000)
          try cue.run([
            .integer(trackID), .integer(Int64(position)), .integer(start), .integer(start + 2500),
            .text(sentence(3...9)),
          ])
        }
      }
      for index in 0..<notes {
        try link.run([
          .integer(Int64(index % max(recordings, 1) + 1)), .integer(itemIDs[index % itemIDs.count]),
          .text(sentence(4...12)), .text(now),
        ])
      }
    }
    try connection.execute("ANALYZE")
    return componentIDs
  }
}

/// A small deterministic generator (SplitMix64), so every run builds the same rows.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Draws word ranks so a few words are very common and most are rare, as in speech.
struct ZipfSampler {
  private let cumulative: [Double]
  private let total: Double

  init(count: Int, exponent: Double) {
    var running = 0.0
    cumulative = (1...count).map { rank in
      running += 1 / pow(Double(rank), exponent)
      return running
    }
    total = running
  }

  func sample(using generator: inout SeededGenerator) -> Int {
    let target = Double.random(in: 0..<total, using: &generator)
    var low = 0
    var high = cumulative.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cumulative[middle] < target { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
