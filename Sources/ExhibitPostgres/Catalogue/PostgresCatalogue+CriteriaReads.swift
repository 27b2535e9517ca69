import ExhibitKit
import ExhibitModel
import ExhibitSQLite
import PostgresNIO

// Reading criteria on PostgreSQL: the same listings and component criteria as the SQLite side,
// assembled by the same code (CriteriaDocumentSummary.listing, ComponentCriteria.assembling).
// Each read runs in one repeatable-read transaction, so its several queries see one state.

extension PostgresCatalogue {
  /// The newest revision of each criteria document, for one component or all, primary first,
  /// each with the live links still judged against its earlier revisions.
  /// - Throws: `PostgresStoreError` or `RowDecodingError`.
  public func criteriaDocuments(component: ComponentID? = nil, platform: Platform? = nil) async throws
    -> [CriteriaDocumentSummary]
  {
    try await store.transaction(.repeatableRead) { connection in
      try await criteriaDocuments(component: component, platform: platform, on: connection)
    }
  }

  /// A component's current criteria: items of its primary document, for a platform if given.
  /// - Throws: `LookupError`, `PostgresStoreError` or `RowDecodingError`.
  public func componentCriteria(_ component: ComponentID, platform: Platform? = nil) async throws
    -> ComponentCriteria
  {
    try await store.transaction(.repeatableRead) { connection in
      guard
        let document = try await criteriaDocuments(component: component, platform: nil, on: connection)
          .first(where: \.primary)
      else { throw LookupError.noCriteria(component.description) }
      let id = document.documentID
      let gherkinGiven =
        try await connection.query(
          "SELECT gherkin_given FROM criteria_document WHERE id = \(id)", logger: logger
        ).collect().first?.decode(String.self) ?? ""
      return try ComponentCriteria.assembling(
        component, platform: platform, document: document, gherkinGiven: gherkinGiven,
        items: try await items(of: id, on: connection),
        scenarios: try await scenarios(of: id, on: connection),
        notes: try await connection.query(
          "SELECT platform, framework, topic, text FROM developer_note WHERE document_id = \(id) ORDER BY position",
          logger: logger
        ).collect().map { row in
          let (platform, framework, topic, text) = try row.decode((String, String, String, String).self)
          return DeveloperNote(storedPlatform: platform, framework: framework, topic: topic, text: text)
        },
        announcements: try await connection.query(
          """
          SELECT platform, framework, text FROM announcement_example WHERE document_id = \(id)
          ORDER BY position
          """, logger: logger
        ).collect().map { row in
          let (platform, framework, text) = try row.decode((String, String, String).self)
          return AnnouncementExample(storedPlatform: platform, framework: framework, text: text)
        },
        videos: try await videos(of: id, on: connection))
    }
  }

  /// A stored document's items, in order.
  func items(of documentID: Int64, on connection: PostgresConnection) async throws -> [StoredCriteriaItem] {
    try await connection.query(
      """
      SELECT key, section, label, expectation, platforms, not_applicable, notes FROM criteria_item
      WHERE document_id = \(documentID) ORDER BY position
      """, logger: logger
    ).collect().map { row in
      let (key, section, label, expectation, platforms, notApplicable, notes) = try row.decode(
        (String, String, String, String, String, Bool, String).self)
      guard let itemKey = ItemKey(key) else {
        throw RowDecodingError(column: "key", problem: "\(key.debugDescription) is not an item key")
      }
      return StoredCriteriaItem(
        storedKey: itemKey, section: try Self.known(section, column: "section"), label: label,
        expectation: expectation,
        platforms: try platforms.split(separator: ",").map {
          try Self.known(String($0), column: "platforms")
        },
        notApplicable: notApplicable, notes: notes.split(separator: "\n").map(String.init))
    }
  }

  // Long: the listing's one query, its subqueries counting items as SQLite's does.
  private func criteriaDocuments(
    component: ComponentID?, platform: Platform?, on connection: PostgresConnection
  ) async throws -> [CriteriaDocumentSummary] {
    let rows = try await connection.query(
      """
      SELECT d.id, d.family, d.component, d.category, d.title, d.source_path, d.format, d.revision, d.sha256,
        d.imported_at,
        (SELECT count(*) FROM criteria_item i WHERE i.document_id = d.id) AS item_count,
        (SELECT count(*) FROM criteria_item i WHERE i.document_id = d.id
           AND (\(platform?.rawValue)::text IS NULL
                OR \(platform?.rawValue)::text = ANY (string_to_array(i.platforms, ',')))) AS platform_items,
        (SELECT count(*) FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
           JOIN criteria_document old ON old.id = i.document_id
           WHERE old.family = d.family AND old.component = d.component AND old.format = d.format
             AND old.revision < d.revision AND l.retracted_at IS NULL) AS stale_links,
        EXISTS (SELECT 1 FROM criteria_current c WHERE c.document_id = d.id) AS is_current
      FROM criteria_document d
      WHERE d.revision = (SELECT max(revision) FROM criteria_document x
                          WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
        AND (\(component?.description)::text IS NULL
             OR (d.family = \(component?.family.rawValue) AND d.component = \(component?.slug)))
      ORDER BY d.family, d.component, d.format
      """, logger: logger
    ).collect()
    let documents = try rows.map { row -> (summary: CriteriaDocumentSummary, platformItems: Int) in
      let (
        id, family, slug, category, title, sourcePath, format, revision, sha256, importedAt, itemCount,
        platformItems, staleLinks, current
      ) = try row.decode(
        (Int64, String, String, String, String, String, String, Int, String, String, Int, Int, Int, Bool).self
      )
      let component = ComponentID(family: try Self.known(family, column: "family"), slug: slug)
      let summary = CriteriaDocumentSummary(
        storedID: id, component: component, category: category, title: title,
        sourcePath: sourcePath, format: format, revision: revision, itemCount: itemCount, sha256: sha256,
        importedAt: importedAt, primary: current, staleLinks: staleLinks)
      return (summary, platformItems)
    }
    return CriteriaDocumentSummary.listing(
      documents, platform: platform, aliases: try await aliases(on: connection))
  }

  /// Each component's other names, by `family/slug`, sorted.
  private func aliases(on connection: PostgresConnection) async throws -> [String: [String]] {
    var aliases: [String: [String]] = [:]
    for row in try await connection.query(
      "SELECT family, component, alias FROM component_alias ORDER BY family, component, alias", logger: logger
    ).collect() {
      let (family, component, alias) = try row.decode((String, String, String).self)
      aliases["\(family)/\(component)", default: []].append("\(family)/\(alias)")
    }
    return aliases
  }

  /// A document's Gherkin scenarios with their steps, in order.
  private func scenarios(of documentID: Int64, on connection: PostgresConnection) async throws
    -> [GherkinScenario]
  {
    var scenarios: [(id: Int64, scenario: GherkinScenario)] = []
    for row in try await connection.query(
      "SELECT id, title FROM gherkin_scenario WHERE document_id = \(documentID) ORDER BY position",
      logger: logger
    ).collect() {
      let (id, title) = try row.decode((Int64, String).self)
      scenarios.append((id, GherkinScenario(storedTitle: title, steps: [])))
    }
    let index = Dictionary(
      scenarios.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    for row in try await connection.query(
      """
      SELECT s.scenario_id, s.keyword, s.text, s.depth FROM gherkin_step s
      JOIN gherkin_scenario g ON g.id = s.scenario_id
      WHERE g.document_id = \(documentID) ORDER BY g.position, s.position
      """, logger: logger
    ).collect() {
      let (scenarioID, keyword, text, depth) = try row.decode((Int64, String, String, Int).self)
      if let at = index[scenarioID] {
        scenarios[at].scenario.steps.append(GherkinStep(storedKeyword: keyword, text: text, depth: depth))
      }
    }
    return scenarios.map(\.scenario)
  }

  /// A document's video references, in order.
  private func videos(of documentID: Int64, on connection: PostgresConnection) async throws
    -> [VideoReference]
  {
    try await connection.query(
      """
      SELECT heading, source_path, caption_path, platform, assistive_tech, browser FROM video_reference
      WHERE document_id = \(documentID) ORDER BY position
      """, logger: logger
    ).collect().map { row in
      let (heading, source, caption, platform, assistiveTech, browser) = try row.decode(
        (String, String, String?, String?, String?, String?).self)
      var context = SessionContext()
      context.platform = try platform.map { try Self.known($0, column: "platform") }
      context.assistiveTech = try assistiveTech.map { try Self.known($0, column: "assistive_tech") }
      context.browser = try browser.map { try Self.known($0, column: "browser") }
      return VideoReference(
        storedHeading: heading, source: source, caption: caption, context: SessionContextValue(context))
    }
  }

  /// A stored name read back as the value it names, or an error naming the column.
  static func known<Value: RawRepresentable>(_ text: String, column: String) throws -> Value
  where Value.RawValue == String {
    guard let value = Value(rawValue: text) else {
      throw RowDecodingError(column: column, problem: "\(text.debugDescription) is not a known value")
    }
    return value
  }
}
