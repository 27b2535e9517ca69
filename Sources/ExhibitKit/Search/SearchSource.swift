import ExhibitStorage
import Foundation

/// One kind of text a search reads, written once for both engines: the rows it matches, the
/// scoping rules that say which of them a search may see (``predicate(_:)``), the row a hit is
/// read from (``details``), and the hit that row makes (``hit(_:_:score:snippet:)``). An engine
/// supplies only the ranking: FTS5's bm25 over its virtual tables, or PostgreSQL's `ts_rank`
/// over tsvector columns, each restricted by the same predicate.
package struct SearchSource: Sendable {
  /// The kind its hits are filed under.
  package let kind: SearchKind
  /// What a hit says it came from (`item`, `gherkin`, `developer-note`, `announcement`, or the kind).
  package let name: String
  /// The alias of the matched table: its `id` is the hit's, and its `search` column the
  /// tsvector PostgreSQL matches.
  package let alias: String
  /// The matched table with its alias.
  package let table: String
  /// The joins the scoping predicate reads for a component.
  let componentJoins: String
  /// The joins the scoping predicate reads for a platform.
  let platformJoins: String
  /// The columns a snippet is cut from: one, or two (an item's label and expectation) of which
  /// the one that matches best.
  package let snippetColumns: [String]
  /// The columns ``hit(_:_:score:snippet:)`` reads, the matched row's id as `hit_id`.
  package let detailColumns: String
  /// The tables ``detailColumns`` are read from, the matched one among them.
  package let detailTables: String
  /// A `SELECT` of ``detailColumns``, to be followed by a condition on `<alias>.id`.
  package var details: String { "SELECT \(detailColumns) FROM \(detailTables)" }
  /// Makes the hit of one details row.
  private let makeHit: @Sendable (Row, SearchFilters, Double, String) throws -> SearchHit?

  /// A source whose scoping predicate reads `filterJoins` for a component, and for a platform too
  /// unless `platformJoins` names other joins.
  private init(
    kind: SearchKind, name: String, alias: String, table: String, filterJoins: String,
    platformJoins: String? = nil, snippetColumns: [String], detailColumns: String, detailTables: String,
    makeHit: @escaping @Sendable (Row, SearchFilters, Double, String) throws -> SearchHit?
  ) {
    self.kind = kind
    self.name = name
    self.alias = alias
    self.table = table
    self.componentJoins = filterJoins
    self.platformJoins = platformJoins ?? filterJoins
    self.snippetColumns = snippetColumns
    self.detailColumns = detailColumns
    self.detailTables = detailTables
    self.makeHit = makeHit
  }

  /// The matched table with what the predicate reads for `filters`, and no more: a link
  /// note's platform needs its recording, not its item and document (3,688 notes saying
  /// "checked", each joined to all three, took 15 ms on PostgreSQL; to the recording, 9).
  package func from(_ filters: SearchFilters) -> String {
    var joins: [String] = []
    if filters.component != nil { joins.append(componentJoins) }
    if filters.platform != nil, !joins.contains(platformJoins) { joins.append(platformJoins) }
    return ([table] + joins.filter { !$0.isEmpty }).joined(separator: " ")
  }

  /// The hit of a ``details`` row with its score and snippet; nil when a rule only the row can
  /// answer leaves it out (a mobile scenario for a desktop platform).
  /// - Throws: ``RowDecodingError`` for a column that cannot be read.
  package func hit(_ row: Row, _ filters: SearchFilters, score: Double, snippet: String) throws -> SearchHit?
  {
    try makeHit(row, filters, score, snippet)
  }

  /// Every source, in the order a search ranks them: the costliest first, so that two threads
  /// end near together.
  package static let all: [SearchSource] = [
    .items, .captions, .gherkinSteps, .notes, .recordingNames, .developerNotes, .announcements, .heard,
  ]
}

extension SearchSource {
  /// The scoping rules, as a condition on the matched row (and ``from(_:)``'s joins) with its
  /// values, in the SQL both engines take: the current criteria documents for criteria, a
  /// platform's items and Gherkin scenarios, notes per platform or `general`, the recording's
  /// component and platform for captions and file names (present paths only), and for link
  /// notes the item's component, the recording's platform (or the observation's) and the audit.
  /// - Returns: The condition, never empty (`1 = 1` for none), and the values it binds in order.
  package func predicate(_ filters: SearchFilters) -> (sql: String, values: [any SQLBindable]) {
    var conditions: [String] = []
    var values: [any SQLBindable] = []
    func add(_ condition: String, _ bound: [any SQLBindable] = []) {
      conditions.append(condition)
      values += bound
    }
    let platform = filters.platform?.rawValue
    switch name {
    case "item":
      add("i.document_id IN \(filters.documentList)")
      if let platform { add("',' || i.platforms || ',' LIKE ?", ["%,\(platform),%"]) }
    case "gherkin":
      add("sc.document_id IN \(filters.documentList)")
      if let platform {
        add(
          """
          EXISTS (SELECT 1 FROM criteria_item pi WHERE pi.document_id = sc.document_id
                  AND ',' || pi.platforms || ',' LIKE ?)
          """, ["%,\(platform),%"])
      }
    case "developer-note", "announcement":
      add("n.document_id IN \(filters.documentList)")
      if let platform { add("n.platform IN (?, 'general')", [platform]) }
    case "captions", "recordings", "heard":
      if name == "recordings" { add("p.missing_since IS NULL") }
      if let component = filters.component {
        add("r.family = ? AND r.component = ?", [component.family.rawValue, component.slug])
      }
      if let platform { add("r.platform = ?", [platform]) }
    default:
      if let component = filters.component {
        add("d.family = ? AND d.component = ?", [component.family.rawValue, component.slug])
      }
      if let platform { add("coalesce(r.platform, l.observed_platform) = ?", [platform]) }
      if let audit = filters.audit { add("l.audit_id = ?", [audit]) }
    }
    return (conditions.isEmpty ? "1 = 1" : conditions.joined(separator: " AND "), values)
  }
}

extension SearchSource {
  /// Criteria items of the current documents.
  package static let items = SearchSource(
    kind: .criteria, name: "item", alias: "i", table: "criteria_item i", filterJoins: "",
    snippetColumns: ["i.label", "i.expectation"],
    detailColumns: "i.id AS hit_id, i.key, i.label, i.platforms, d.family, d.component",
    detailTables: "criteria_item i JOIN criteria_document d ON d.id = i.document_id"
  ) { row, filters, score, snippet in
    let platforms = Self.platforms(try row.decode("platforms"))
    return SearchHit(
      kind: .criteria, source: "item", component: try Self.component(row),
      platform: filters.platform ?? (platforms.count == 1 ? platforms[0] : nil), platforms: platforms,
      assistiveTech: nil, title: try row.decode("label"), snippet: snippet,
      item: (try row.decode("key") as String?).flatMap(ItemKey.init), recording: nil, startSeconds: nil,
      endSeconds: nil, score: score)
  }

  /// Gherkin steps of the current documents; a desktop platform is never answered with a mobile
  /// scenario, nor mobile with a desktop one.
  package static let gherkinSteps = SearchSource(
    kind: .criteria, name: "gherkin", alias: "s",
    table: "gherkin_step s JOIN gherkin_scenario sc ON sc.id = s.scenario_id", filterJoins: "",
    snippetColumns: ["s.text"],
    detailColumns: "s.id AS hit_id, s.text, sc.title, d.family, d.component",
    detailTables: """
      gherkin_step s JOIN gherkin_scenario sc ON sc.id = s.scenario_id
        JOIN criteria_document d ON d.id = sc.document_id
      """
  ) { row, filters, score, snippet in
    let (title, text): (String, String) = (try row.decode("title"), try row.decode("text"))
    if let platform = filters.platform {
      guard GherkinFeature.fits(title, platform), GherkinFeature.fits(text, platform) else { return nil }
    }
    let component = try Self.component(row)
    return SearchHit(
      kind: .criteria, source: "gherkin", component: component, platform: filters.platform,
      platforms: component.map { Platform.defaults(for: $0.family) } ?? [], assistiveTech: nil, title: title,
      snippet: snippet, item: nil, recording: nil, startSeconds: nil, endSeconds: nil, score: score)
  }

  /// Developer notes of the current documents: text per platform (`general` for all).
  package static let developerNotes = developerText(table: "developer_note", name: "developer-note")

  /// Announcement examples of the current documents, per platform like developer notes.
  package static let announcements = developerText(table: "announcement_example", name: "announcement")

  private static func developerText(table: String, name: String) -> SearchSource {
    SearchSource(
      kind: .criteria, name: name, alias: "n", table: "\(table) n", filterJoins: "",
      snippetColumns: ["n.text"],
      detailColumns: "n.id AS hit_id, n.platform, n.framework, d.family, d.component",
      detailTables: "\(table) n JOIN criteria_document d ON d.id = n.document_id"
    ) { row, filters, score, snippet in
      let platform = Self.platform(try row.decode("platform"))
      let framework: String = try row.decode("framework")
      let component = try Self.component(row)
      return SearchHit(
        kind: .criteria, source: name, component: component, platform: platform ?? filters.platform,
        platforms: platform.map { [$0] } ?? component.map { Platform.defaults(for: $0.family) } ?? [],
        assistiveTech: nil,
        title: [platform?.displayName ?? "General", framework].filter { !$0.isEmpty }.joined(separator: " "),
        snippet: snippet, item: nil, recording: nil, startSeconds: nil, endSeconds: nil, score: score)
    }
  }

  /// Caption cues, with their recording's component and platform.
  package static let captions = SearchSource(
    kind: .captions, name: "captions", alias: "c", table: "caption_cue c",
    filterJoins: "JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id",
    snippetColumns: ["c.text"],
    detailColumns: """
      c.id AS hit_id, c.start_ms, c.end_ms, r.family, r.component, r.platform, r.assistive_tech,
        r.sha256, \(RecordingLibrary.primaryPath) AS path
      """,
    detailTables:
      "caption_cue c JOIN caption_track t ON t.id = c.track_id JOIN recording r ON r.id = t.recording_id"
  ) { row, _, score, snippet in
    let recording = try Self.recording(row)
    return try Self.recordingHit(
      .captions, row, title: recording.map { ($0.path as NSString).lastPathComponent } ?? "",
      recording: recording, score: score, snippet: snippet,
      seconds: (try Self.seconds(row, "start_ms"), try Self.seconds(row, "end_ms")))
  }

  /// Phrases Exhibit heard, with their recording's component and platform and the confidence.
  package static let heard = SearchSource(
    kind: .heard, name: "heard", alias: "h", table: "heard_phrase h",
    filterJoins: "JOIN recording r ON r.id = h.recording_id", snippetColumns: ["h.text"],
    detailColumns: """
      h.id AS hit_id, h.start_ms, h.end_ms, h.confidence, r.family, r.component, r.platform,
        r.assistive_tech, r.sha256, \(RecordingLibrary.primaryPath) AS path
      """,
    detailTables: "heard_phrase h JOIN recording r ON r.id = h.recording_id"
  ) { row, _, score, snippet in
    let recording = try Self.recording(row)
    return try Self.recordingHit(
      .heard, row, title: recording.map { ($0.path as NSString).lastPathComponent } ?? "",
      recording: recording, score: score, snippet: snippet,
      seconds: (try Self.seconds(row, "start_ms"), try Self.seconds(row, "end_ms")),
      confidence: try row.decode("confidence"))
  }

  /// Recordings' file names at present paths.
  package static let recordingNames = SearchSource(
    kind: .recordings, name: "recordings", alias: "p", table: "recording_path p",
    filterJoins: "JOIN recording r ON r.id = p.recording_id", snippetColumns: ["p.name"],
    detailColumns:
      "p.id AS hit_id, p.name, p.path, r.family, r.component, r.platform, r.assistive_tech, r.sha256",
    detailTables: "recording_path p JOIN recording r ON r.id = p.recording_id"
  ) { row, _, score, snippet in
    try Self.recordingHit(
      .recordings, row, title: try row.decode("name"), recording: try Self.recording(row), score: score,
      snippet: snippet, seconds: nil)
  }

  /// The notes of live links, observations' too (on the platform their auditor named), of the
  /// component (its items' documents, every revision) and the audit when given.
  package static let notes = SearchSource(
    kind: .notes, name: "notes", alias: "l", table: "evidence_link l",
    filterJoins: "JOIN criteria_item i ON i.id = l.item_id JOIN criteria_document d ON d.id = i.document_id",
    platformJoins: "LEFT JOIN recording r ON r.id = l.recording_id",
    snippetColumns: ["l.note"],
    detailColumns: """
      l.id AS hit_id, l.start_ms, l.end_ms, i.key, i.label, d.family, d.component,
        coalesce(r.platform, l.observed_platform) AS platform,
        coalesce(r.assistive_tech, l.observed_assistive_tech) AS assistive_tech, r.sha256,
        \(RecordingLibrary.primaryPath) AS path
      """,
    detailTables: """
      evidence_link l JOIN criteria_item i ON i.id = l.item_id
        JOIN criteria_document d ON d.id = i.document_id LEFT JOIN recording r ON r.id = l.recording_id
      """
  ) { row, _, score, snippet in
    let platform = Self.platform(try row.decode("platform"))
    return SearchHit(
      kind: .notes, source: "notes", component: try Self.component(row), platform: platform,
      platforms: platform.map { [$0] } ?? [], assistiveTech: try row.decode("assistive_tech"),
      title: try row.decode("label"), snippet: snippet,
      item: (try row.decode("key") as String?).flatMap(ItemKey.init), recording: try Self.recording(row),
      startSeconds: try Self.seconds(row, "start_ms"), endSeconds: try Self.seconds(row, "end_ms"),
      score: score)
  }
}

extension SearchSource {
  /// A hit in a recording's captions or file name.
  private static func recordingHit(
    _ kind: SearchKind, _ row: Row, title: String, recording: RecordingRef?, score: Double, snippet: String,
    seconds: (start: Double?, end: Double?)?, confidence: Double? = nil
  ) throws -> SearchHit {
    let platform = Self.platform(try row.decode("platform"))
    return SearchHit(
      kind: kind, source: kind.rawValue, component: try Self.component(row), platform: platform,
      platforms: platform.map { [$0] } ?? [], assistiveTech: try row.decode("assistive_tech"), title: title,
      snippet: snippet, item: nil, recording: recording, startSeconds: seconds?.start,
      endSeconds: seconds?.end, score: score, confidence: confidence)
  }

  /// A row's component, when its family and slug are both there (a recording may have none).
  /// - Throws: ``RowDecodingError`` for a family Exhibit does not know.
  private static func component(_ row: Row) throws -> ComponentID? {
    guard let family: String = try row.decode("family"), let slug: String = try row.decode("component") else {
      return nil
    }
    guard let known = Family(rawValue: family) else {
      throw RowDecodingError(column: "family", problem: "\(family.debugDescription) is not a known value")
    }
    return ComponentID(family: known, slug: slug)
  }

  /// A stored platform name, nil for none or one Exhibit does not know.
  private static func platform(_ name: String?) -> Platform? {
    name.flatMap(Platform.init(rawValue:))
  }

  /// A stored, comma-separated list of platforms.
  private static func platforms(_ list: String) -> [Platform] {
    list.split(separator: ",").compactMap { Platform(rawValue: String($0)) }
  }

  /// A time in milliseconds as seconds, nil for none.
  private static func seconds(_ row: Row, _ column: String) throws -> Double? {
    (try row.decode(column) as Int64?).map { Double($0) / 1000 }
  }

  /// The recording a row's `sha256` and `path` name, when it has both.
  private static func recording(_ row: Row) throws -> RecordingRef? {
    guard let sha256: String = try row.decode("sha256"), let path: String = try row.decode("path") else {
      return nil
    }
    return RecordingRef(sha256: sha256, path: path)
  }
}
