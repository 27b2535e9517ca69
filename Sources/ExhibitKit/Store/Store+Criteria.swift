import Foundation

/// What importing one document did.
public enum CriteriaImportOutcome: Sendable, Equatable {
  /// Stored as a new revision (1 for a new component).
  case imported(component: String, format: CriteriaFormat, revision: Int, itemCount: Int)
  /// The same bytes were imported before; nothing was written.
  case unchanged(component: String, format: CriteriaFormat, revision: Int)
  /// Not stored: a revision without items would replace one with items.
  case refused(component: String, format: CriteriaFormat, reason: String)
}

/// A stored criteria document revision, as `criteria list` shows it.
public struct CriteriaDocumentSummary: Sendable, Equatable, Codable {
  public let component: String
  public let family: Family
  public let category: String
  public let title: String
  public let sourcePath: String
  public let format: String
  public let revision: Int
  public let itemCount: Int
  public let sha256: String
  public let importedAt: String
  /// Whether this document supplies the component's current items (markdown before Jekyll
  /// before rendered text).
  public internal(set) var primary: Bool
  /// Live evidence links pinned to items of earlier revisions of this document.
  public let staleLinks: Int
  /// Other names that resolve to the component (`native/controls/segmented-control`), sorted.
  public internal(set) var aliases: [String] = []
}

/// A stored criteria item with its key.
public struct StoredCriteriaItem: Sendable, Equatable, Codable {
  public let key: String
  public let section: String
  public let label: String
  public let expectation: String
  public let platforms: [Platform]
  public let notApplicable: Bool
}

/// Everything Exhibit holds on a component's current criteria.
public struct ComponentCriteria: Sendable, Equatable {
  public let component: String
  public let document: CriteriaDocumentSummary
  public let items: [StoredCriteriaItem]
  public let gherkinGiven: String
  public let scenarios: [GherkinScenario]
  public let notes: [DeveloperNote]
  public let announcements: [AnnouncementExample]
  public let videos: [VideoReference]
}

/// An error about which component or item a user named.
public enum LookupError: Error, Sendable, Equatable, CustomStringConvertible {
  case unknownComponent(String)
  case ambiguousComponent(String, choices: [String])
  case noCriteria(String)

  public var description: String {
    switch self {
    case .unknownComponent(let name):
      "\(name): no such component; `exhibit criteria list` shows the imported ones"
    case .ambiguousComponent(let name, let choices):
      "\(name): more than one family has this component; say which: \(choices.joined(separator: ", "))"
    case .noCriteria(let name):
      "\(name): no criteria imported for this component; run `exhibit criteria import`"
    }
  }
}

extension Store {
  /// Stores parsed documents in one transaction: unchanged ones are skipped, changed ones
  /// become the next revision of their (family, component, format), each import is audited.
  ///
  /// - Parameters:
  ///   - documents: Parsed documents, in the order to store them.
  ///   - actor: Who imports, for the audit trail.
  /// - Returns: One outcome per document.
  /// - Throws: ``SQLiteError``; nothing of the batch is stored then.
  public func importCriteria(_ documents: [CriteriaDocument], actor: String) throws -> [CriteriaImportOutcome]
  {
    try connection.transaction {
      let outcomes = try documents.map { try importCriteria($0, actor: actor) }
      // New documents may name recordings already catalogued, or resolve their folders.
      if outcomes.contains(where: { if case .imported = $0 { true } else { false } }) {
        try refreshAttribution()
      }
      return outcomes
    }
  }

  private func importCriteria(_ document: CriteriaDocument, actor: String) throws -> CriteriaImportOutcome {
    let family = document.family.rawValue
    if let existing = try connection.first(
      """
      SELECT revision FROM criteria_document
      WHERE family = ? AND component = ? AND format = ? AND sha256 = ?
      """, [family, document.component, document.format.rawValue, document.sha256])
    {
      return .unchanged(
        component: document.componentID, format: document.format, revision: existing.int("revision") ?? 1)
    }
    let previousRow = try connection.first(
      """
      SELECT revision, (SELECT count(*) FROM criteria_item i WHERE i.document_id = d.id) AS items
      FROM criteria_document d WHERE family = ? AND component = ? AND format = ? ORDER BY revision DESC LIMIT 1
      """, [family, document.component, document.format.rawValue])
    let previous = previousRow?.int("revision")
    // A document whose criteria list could not be read must not wipe out the items (and stale
    // the evidence) of the revision before it.
    if document.items.isEmpty, let previous, let count = previousRow?.int("items"), count > 0 {
      return .refused(
        component: document.componentID, format: document.format,
        reason:
          "it states no criteria items, and would replace revision \(previous) of \(document.componentID), "
          + "which has \(count); nothing was imported from it")
    }
    let revision = (previous ?? 0) + 1
    let now = Timestamp.string(Date())
    try connection.execute(
      """
      INSERT INTO criteria_document (family, category, component, title, source_path, format, sha256,
        revision, general_notes, gherkin_given, imported_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        family, document.category, document.component, document.title, document.sourcePath,
        document.format.rawValue, document.sha256, revision, document.generalNotes, document.gherkinGiven,
        now,
      ])
    let documentID = connection.lastInsertRowID
    for alias in document.aliases {
      try connection.execute(
        "INSERT OR IGNORE INTO component_alias (family, alias, component, source) VALUES (?, ?, ?, 'document')",
        [family, alias, document.component])
    }
    for (position, item) in document.items.enumerated() {
      try connection.execute(
        """
        INSERT INTO criteria_item (document_id, key, section, label, expectation, platforms, not_applicable, position)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          documentID, "\(document.componentID)#\(item.localKey)", item.section.rawValue, item.label,
          item.expectation, item.platforms.map(\.rawValue).joined(separator: ","), item.notApplicable,
          position,
        ])
    }
    for (position, scenario) in document.scenarios.enumerated() {
      try connection.execute(
        "INSERT INTO gherkin_scenario (document_id, position, title) VALUES (?, ?, ?)",
        [documentID, position, scenario.title])
      let scenarioID = connection.lastInsertRowID
      for (stepPosition, step) in scenario.steps.enumerated() {
        try connection.execute(
          "INSERT INTO gherkin_step (scenario_id, position, keyword, text, depth) VALUES (?, ?, ?, ?, ?)",
          [scenarioID, stepPosition, step.keyword, step.text, step.depth])
      }
    }
    for (position, note) in document.notes.enumerated() {
      try connection.execute(
        "INSERT INTO developer_note (document_id, platform, framework, topic, position, text) VALUES (?, ?, ?, ?, ?, ?)",
        [documentID, note.platform, note.framework, note.topic, position, note.text])
    }
    for (position, example) in document.announcements.enumerated() {
      try connection.execute(
        "INSERT INTO announcement_example (document_id, platform, framework, position, text) VALUES (?, ?, ?, ?, ?)",
        [documentID, example.platform, example.framework, position, example.text])
    }
    for (position, video) in document.videos.enumerated() {
      try connection.execute(
        """
        INSERT INTO video_reference (document_id, position, heading, source_path, caption_path, platform,
          assistive_tech, browser)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          documentID, position, video.heading, video.source, video.caption, video.context.platform?.rawValue,
          video.context.assistiveTech?.rawValue, video.context.browser?.rawValue,
        ])
    }
    let after = AuditJSON.object([
      "format": document.format.rawValue, "revision": String(revision), "sha256": document.sha256,
      "source_path": document.sourcePath, "items": String(document.items.count),
    ])
    try AuditLog.append(
      connection, actor: actor, action: "criteria.import", subject: document.componentID, after: after)
    try carryForwardLinks(of: document, to: documentID, revision: revision, actor: actor)
    return .imported(
      component: document.componentID, format: document.format, revision: revision,
      itemCount: document.items.count)
  }

  /// The newest revision of every (component, format), filtered by component and platform.
  ///
  /// - Parameters:
  ///   - component: `native/checkbox`, or nil for all.
  ///   - platform: Keep documents with at least one item for this platform.
  /// - Returns: Documents ordered by component, primary first.
  /// - Throws: ``SQLiteError``.
  public func criteriaDocuments(component: String? = nil, platform: Platform? = nil) throws
    -> [CriteriaDocumentSummary]
  {
    let rows = try connection.query(
      """
      SELECT d.*, (SELECT count(*) FROM criteria_item i WHERE i.document_id = d.id) AS item_count,
        (SELECT count(*) FROM criteria_item i WHERE i.document_id = d.id
           AND (? IS NULL OR instr(',' || i.platforms || ',', ',' || ? || ',') > 0)) AS platform_items,
        (SELECT count(*) FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
           JOIN criteria_document old ON old.id = i.document_id
           WHERE old.family = d.family AND old.component = d.component AND old.format = d.format
             AND old.revision < d.revision AND l.retracted_at IS NULL) AS stale_links
      FROM criteria_document d
      WHERE d.revision = (SELECT max(revision) FROM criteria_document x
                          WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
        AND (? IS NULL OR d.family || '/' || d.component = ?)
      ORDER BY d.family, d.component, d.format
      """, [platform?.rawValue, platform?.rawValue, component, component])
    let summaries = rows.compactMap { row -> (CriteriaDocumentSummary, Int)? in
      guard let familyName = row.string("family"), let family = Family(rawValue: familyName),
        let slug = row.string("component"), let format = row.string("format")
      else { return nil }
      let summary = CriteriaDocumentSummary(
        component: "\(familyName)/\(slug)", family: family, category: row.string("category") ?? "",
        title: row.string("title") ?? "", sourcePath: row.string("source_path") ?? "", format: format,
        revision: row.int("revision") ?? 1, itemCount: row.int("item_count") ?? 0,
        sha256: row.string("sha256") ?? "",
        importedAt: row.string("imported_at") ?? "", primary: false, staleLinks: row.int("stale_links") ?? 0)
      return (summary, row.int("platform_items") ?? 0)
    }
    let primaries = Dictionary(grouping: summaries.map(\.0), by: \.component).compactMapValues(Self.primary)
    let aliases = try componentAliases()
    return summaries.filter { platform == nil || $0.1 > 0 }.map { summary, _ in
      var marked = summary
      marked.primary = primaries[summary.component] == summary.format
      marked.aliases = aliases[summary.component] ?? []
      return marked
    }
    .sorted { ($0.component, $0.primary ? 0 : 1, $0.format) < ($1.component, $1.primary ? 0 : 1, $1.format) }
  }

  /// The format whose items count for a component: one with items, best format first.
  private static func primary(_ documents: [CriteriaDocumentSummary]) -> String? {
    documents.min {
      primaryRank(format: $0.format, hasItems: $0.itemCount > 0)
        < primaryRank(format: $1.format, hasItems: $1.itemCount > 0)
    }?.format
  }

  /// How a document ranks for being its component's primary one: lower is better; a format
  /// with items beats any without.
  static func primaryRank(format: String, hasItems: Bool) -> Int {
    (CriteriaFormat(rawValue: format)?.precedence ?? 9) + (hasItems ? 0 : 10)
  }

  /// Resolves what a user typed to `family/slug`.
  ///
  /// Accepts the identifier (`native/segmented-control`), a bare slug only one family has
  /// (`segmented-control`), and any alias: the prose's slug, the file name, the category path
  /// (`native/controls/segmented-control` or `controls/segmented-control`) and names a component
  /// had before it was renamed. An identifier wins over an alias that spells the same.
  /// - Throws: ``LookupError`` listing the choices for a name more than one component has.
  public func resolveComponent(_ name: String) throws -> String {
    let lowered = name.lowercased().trimmingCharacters(in: .whitespaces)
    let known = Set(
      try connection.query(
        """
        SELECT family || '/' || component AS id FROM criteria_document
        UNION SELECT family || '/' || component FROM recording WHERE family IS NOT NULL AND component IS NOT NULL
        """
      ).compactMap { $0.string("id") })
    if known.contains(lowered) { return lowered }
    let parts = lowered.split(separator: "/", maxSplits: 1).map(String.init)
    let family = parts.count == 2 ? Family(rawValue: parts[0]) : nil
    let rest = family == nil ? lowered : parts[1]
    // A bare slug matches identifiers first; a name with a family, or no identifier, the aliases.
    var matches: Set<String> =
      family == nil ? known.filter { $0.split(separator: "/").last.map(String.init) == rest } : []
    if matches.isEmpty {
      matches = Set(
        try connection.query(
          """
          SELECT family || '/' || component AS id FROM component_alias
          WHERE alias = ? AND (? IS NULL OR family = ?)
          """, [rest, family?.rawValue, family?.rawValue]
        ).compactMap { $0.string("id") })
    }
    switch matches.count {
    case 1: return matches.first ?? lowered
    case 0: throw LookupError.unknownComponent(name)
    default: throw LookupError.ambiguousComponent(name, choices: matches.sorted())
    }
  }

  /// Resolves an item key whose component part may be any name ``resolveComponent(_:)`` takes
  /// (`native/segemented-control-tabs#keyboard.tab` after a rename) to its canonical key.
  /// - Throws: ``LookupError`` for an unknown or ambiguous component.
  public func resolveItemKey(_ key: String) throws -> String {
    let lowered = key.lowercased()
    guard let hash = lowered.firstIndex(of: "#") else { return lowered }
    return try resolveComponent(String(lowered[..<hash])) + String(lowered[hash...])
  }

  /// Every component's aliases as `family/alias`, by component.
  func componentAliases() throws -> [String: [String]] {
    var aliases: [String: [String]] = [:]
    for row in try connection.query(
      "SELECT family, alias, component FROM component_alias ORDER BY family, component, alias")
    {
      guard let family = row.string("family"), let alias = row.string("alias"),
        let component = row.string("component")
      else { continue }
      aliases["\(family)/\(component)", default: []].append("\(family)/\(alias)")
    }
    return aliases
  }

  /// The names that once stood for a component: itself and the names it was renamed from.
  func formerNames(of component: String) throws -> [String] {
    let parts = component.split(separator: "/").map(String.init)
    guard parts.count == 2 else { return [component] }
    return [component]
      + (try connection.query(
        "SELECT alias FROM component_alias WHERE family = ? AND component = ? AND source = 'renamed' ORDER BY alias",
        [parts[0], parts[1]]
      ).compactMap { $0.string("alias").map { "\(parts[0])/\($0)" } })
  }

  /// The component's current criteria: items of its primary document, for a platform if given.
  /// - Throws: ``LookupError`` or ``SQLiteError``.
  public func componentCriteria(_ component: String, platform: Platform? = nil) throws -> ComponentCriteria {
    guard let document = try criteriaDocuments(component: component).first(where: \.primary) else {
      throw LookupError.noCriteria(component)
    }
    let parts = component.split(separator: "/").map(String.init)
    guard parts.count == 2,
      let documentRow = try connection.first(
        "SELECT id, gherkin_given FROM criteria_document WHERE family = ? AND component = ? AND format = ? AND revision = ?",
        [parts[0], parts[1], document.format, document.revision]),
      let documentID = documentRow.int64("id")
    else { throw LookupError.noCriteria(component) }
    let items = try connection.query(
      "SELECT * FROM criteria_item WHERE document_id = ? ORDER BY position", [documentID]
    ).map { row in
      StoredCriteriaItem(
        key: row.string("key") ?? "", section: row.string("section") ?? "", label: row.string("label") ?? "",
        expectation: row.string("expectation") ?? "",
        platforms: (row.string("platforms") ?? "").split(separator: ",").compactMap {
          Platform(rawValue: String($0))
        },
        notApplicable: row.bool("not_applicable"))
    }.filter { item in platform.map { item.platforms.contains($0) } ?? true }
    var scenarios: [GherkinScenario] = []
    for scenario in try connection.query(
      "SELECT id, title FROM gherkin_scenario WHERE document_id = ? ORDER BY position", [documentID])
    {
      let steps = try connection.query(
        "SELECT keyword, text, depth FROM gherkin_step WHERE scenario_id = ? ORDER BY position",
        [scenario.int64("id") ?? 0]
      ).map {
        GherkinStep(
          keyword: $0.string("keyword") ?? "", text: $0.string("text") ?? "", depth: $0.int("depth") ?? 0)
      }
      scenarios.append(GherkinScenario(title: scenario.string("title") ?? "", steps: steps))
    }
    let notes = try connection.query(
      "SELECT * FROM developer_note WHERE document_id = ? ORDER BY position", [documentID]
    ).map {
      DeveloperNote(
        platform: $0.string("platform") ?? "", framework: $0.string("framework") ?? "",
        topic: $0.string("topic") ?? "", text: $0.string("text") ?? "")
    }.filter { platform == nil || $0.platform == "general" || $0.platform == platform?.rawValue }
    let announcements = try connection.query(
      "SELECT * FROM announcement_example WHERE document_id = ? ORDER BY position", [documentID]
    ).map {
      AnnouncementExample(
        platform: $0.string("platform") ?? "", framework: $0.string("framework") ?? "",
        text: $0.string("text") ?? "")
    }.filter { platform == nil || $0.platform == "general" || $0.platform == platform?.rawValue }
    let videos = try connection.query(
      "SELECT * FROM video_reference WHERE document_id = ? ORDER BY position", [documentID]
    ).map { row in
      var context = SessionContext()
      context.platform = row.string("platform").flatMap(Platform.init(rawValue:))
      context.assistiveTech = row.string("assistive_tech").flatMap(AssistiveTech.init(rawValue:))
      context.browser = row.string("browser").flatMap(Browser.init(rawValue:))
      return VideoReference(
        heading: row.string("heading") ?? "", source: row.string("source_path") ?? "",
        caption: row.string("caption_path"), context: SessionContextValue(context))
    }.filter { platform == nil || $0.context.platform == nil || $0.context.platform == platform }
    return ComponentCriteria(
      component: component, document: document, items: items,
      gherkinGiven: documentRow.string("gherkin_given") ?? "",
      scenarios: scenarios, notes: notes, announcements: announcements, videos: videos)
  }

  /// Component slugs already imported, to recognise them in documents that name none.
  public func knownComponentSlugs() throws -> [String] {
    try connection.query("SELECT DISTINCT component FROM criteria_document").compactMap {
      $0.string("component")
    }
  }
}
