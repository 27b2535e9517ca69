import ExhibitKit
import ExhibitModel
import ExhibitSQLite
import Foundation
import PostgresNIO

// Criteria imports on PostgreSQL: what to store is decided by CriteriaImportRules, as on SQLite;
// a revision's rows go in one statement per table (arrays unnested), its audit event in the
// same transaction. The links of unchanged items move to each new revision, and recordings are
// attributed again when a revision was written, by the ledger and the catalogue writer SQLite's
// import runs (through `PostgresCatalogueSQL` on the same connection). The import holds the audit
// chain's lock from its first read, so two imports of one component on two servers run one after
// the other and number their revisions in turn.

extension PostgresCatalogue {
  /// Stores parsed documents in one transaction (``CriteriaStorage/importCriteria(_:actor:)``).
  /// - Throws: `PostgresStoreError`; nothing of the batch is stored then.
  public func importCriteria(_ documents: [CriteriaDocument], actor: String) async throws
    -> [CriteriaImportOutcome]
  {
    try await store.transaction { connection in
      try await store.lockAuditChain(on: connection)
      var claims = CriteriaImportRules.BatchClaims()
      var outcomes: [CriteriaImportOutcome] = []
      for document in documents {
        if let refusal = claims.refusal(for: document) {
          outcomes.append(refusal)
        } else {
          outcomes.append(try await importCriteria(document, actor: actor, on: connection))
        }
      }
      // New documents may name recordings already catalogued, or resolve their folders.
      if outcomes.contains(where: \.wroteRevision) {
        try CatalogueWriter.refreshAttribution(
          in: PostgresCatalogueSQL(connection: connection, store: store), actor: actor)
      }
      return outcomes
    }
  }

  private func importCriteria(_ document: CriteriaDocument, actor: String, on connection: PostgresConnection)
    async throws -> CriteriaImportOutcome
  {
    let family = document.family.rawValue
    let format = document.format.rawValue
    let latest = try await connection.query(
      """
      SELECT id, revision, sha256, source_path,
        (SELECT count(*) FROM criteria_item i WHERE i.document_id = d.id) AS items
      FROM criteria_document d WHERE family = \(family) AND component = \(document.component)
        AND format = \(format)
      ORDER BY revision DESC LIMIT 1
      """, logger: logger
    ).collect().first.map { row in
      let (id, revision, sha256, sourcePath, items) = try row.decode((Int64, Int, String, String, Int).self)
      return CriteriaImportRules.StoredRevision(
        id: id, revision: revision, sha256: sha256, sourcePath: sourcePath, itemCount: items)
    }
    var latestItems = ""
    var sameBytes: (id: Int64, revision: Int)?
    if let latest, CriteriaImportRules.isChange(document, latest: latest) {
      latestItems = CriteriaItemDigest.text(
        try await items(of: latest.id, on: connection).map { CriteriaItemDigest(stored: $0) })
      sameBytes = try await sameBytesRevision(of: document, on: connection)
    }
    switch CriteriaImportRules.step(
      for: document, latest: latest, latestItems: latestItems, sameBytes: sameBytes)
    {
    case .finished(let outcome):
      return outcome
    case .restore(let documentID, let earlier, let revision):
      try await connection.query(
        """
        UPDATE criteria_document SET revision = \(revision), source_path = \(document.sourcePath)
        WHERE id = \(documentID)
        """, logger: logger)
      let items =
        try await connection.query(
          "SELECT count(*) FROM criteria_item WHERE document_id = \(documentID)", logger: logger
        ).collect().first?.decode(Int.self) ?? 0
      _ = try await store.appendAuditEvent(
        CriteriaImportRules.restoreEntry(document, earlier: earlier, revision: revision, actor: actor),
        on: connection)
      try carryForwardLinks(of: document, to: documentID, revision: revision, actor: actor, on: connection)
      return .restored(
        component: document.componentID, format: document.format, revision: revision,
        restoredRevision: earlier, itemCount: items)
    case .write(let revision):
      let documentID = try await write(document, revision: revision, on: connection)
      _ = try await store.appendAuditEvent(
        CriteriaImportRules.importEntry(document, revision: revision, actor: actor), on: connection)
      try carryForwardLinks(of: document, to: documentID, revision: revision, actor: actor, on: connection)
      return .imported(
        component: document.componentID, format: document.format, revision: revision,
        itemCount: document.items.count)
    }
  }

  /// Moves the live links of the component's earlier revisions to this one where their item did
  /// not change, with the ledger SQLite's import runs (`LinkOperations`), on the import's connection.
  private func carryForwardLinks(
    of document: CriteriaDocument, to documentID: Int64, revision: Int, actor: String,
    on connection: PostgresConnection
  ) throws {
    try LinkOperations(sql: PostgresCatalogueSQL(connection: connection, store: store)).carryForwardLinks(
      of: document, to: documentID, revision: revision, actor: actor)
  }

  /// The stored revision with `document`'s bytes, if any: its id and number.
  private func sameBytesRevision(of document: CriteriaDocument, on connection: PostgresConnection)
    async throws -> (id: Int64, revision: Int)?
  {
    try await connection.query(
      """
      SELECT id, revision FROM criteria_document
      WHERE family = \(document.family.rawValue) AND component = \(document.component)
        AND format = \(document.format.rawValue) AND sha256 = \(document.sha256)
      """, logger: logger
    ).collect().first.map { row in
      let (id, revision) = try row.decode((Int64, Int).self)
      return (id: id, revision: revision)
    }
  }

  // Long: one revision's rows, a statement per table, in the order their keys need.
  /// - Returns: The new revision's document id.
  private func write(_ document: CriteriaDocument, revision: Int, on connection: PostgresConnection)
    async throws -> Int64
  {
    let family = document.family.rawValue
    guard
      let documentID = try await connection.query(
        """
        INSERT INTO criteria_document (family, category, component, title, source_path, format, sha256,
          revision, general_notes, gherkin_given, imported_at)
        VALUES (\(family), \(document.category), \(document.component), \(document.title),
          \(document.sourcePath), \(document.format.rawValue), \(document.sha256), \(revision),
          \(document.generalNotes), \(document.gherkinGiven), \(Timestamp.string(Date())))
        RETURNING id
        """, logger: logger
      ).collect().first?.decode(Int64.self)
    else { throw RowDecodingError(column: "id", problem: "the new criteria_document row was not returned") }
    try await connection.query(
      """
      INSERT INTO criteria_related_criterion (document_id, criterion, position)
      SELECT \(documentID), listed.criterion, listed.position
      FROM unnest(\(document.relatedCriteria)::text[]) WITH ORDINALITY AS listed (criterion, position)
      ON CONFLICT DO NOTHING
      """, logger: logger)
    try await connection.query(
      """
      INSERT INTO component_alias (family, alias, component, source)
      SELECT \(family), unnest(\(document.aliases)::text[]), \(document.component), 'document'
      ON CONFLICT DO NOTHING
      """, logger: logger)
    let items = document.items
    try await connection.query(
      """
      INSERT INTO criteria_item (document_id, key, section, label, expectation, platforms, not_applicable,
        position, notes)
      SELECT \(documentID), \(document.componentID) || '#' || key, section, label, expectation, platforms,
        not_applicable, position - 1, notes
      FROM unnest(\(items.map(\.localKey))::text[], \(items.map(\.section.rawValue))::text[],
        \(items.map(\.label))::text[], \(items.map(\.expectation))::text[],
        \(items.map { $0.platforms.map(\.rawValue).joined(separator: ",") })::text[],
        \(items.map(\.notApplicable))::boolean[], \(items.map { $0.notes.joined(separator: "\n") })::text[])
        WITH ORDINALITY AS item (key, section, label, expectation, platforms, not_applicable, notes, position)
      """, logger: logger)
    try await writeScenarios(document.scenarios, of: documentID, on: connection)
    let notes = document.notes
    try await connection.query(
      """
      INSERT INTO developer_note (document_id, platform, framework, topic, position, text)
      SELECT \(documentID), platform, framework, topic, position - 1, text
      FROM unnest(\(notes.map(\.platform))::text[], \(notes.map(\.framework))::text[],
        \(notes.map(\.topic))::text[], \(notes.map(\.text))::text[])
        WITH ORDINALITY AS note (platform, framework, topic, text, position)
      """, logger: logger)
    let examples = document.announcements
    try await connection.query(
      """
      INSERT INTO announcement_example (document_id, platform, framework, position, text)
      SELECT \(documentID), platform, framework, position - 1, text
      FROM unnest(\(examples.map(\.platform))::text[], \(examples.map(\.framework))::text[],
        \(examples.map(\.text))::text[])
        WITH ORDINALITY AS example (platform, framework, text, position)
      """, logger: logger)
    // Few per document, with optional fields: a statement each.
    for (position, video) in document.videos.enumerated() {
      try await connection.query(
        """
        INSERT INTO video_reference (document_id, position, heading, source_path, caption_path, platform,
          assistive_tech, browser)
        VALUES (\(documentID), \(position), \(video.heading), \(video.source), \(video.caption),
          \(video.context.platform?.rawValue), \(video.context.assistiveTech?.rawValue),
          \(video.context.browser?.rawValue))
        """, logger: logger)
    }
    return documentID
  }

  /// A document's Gherkin scenarios, then their steps with the scenarios' new ids.
  private func writeScenarios(
    _ scenarios: [GherkinScenario], of documentID: Int64, on connection: PostgresConnection
  ) async throws {
    guard !scenarios.isEmpty else { return }
    let ids = try await connection.query(
      """
      INSERT INTO gherkin_scenario (document_id, position, title)
      SELECT \(documentID), position - 1, title
      FROM unnest(\(scenarios.map(\.title))::text[]) WITH ORDINALITY AS scenario (title, position)
      RETURNING id, position
      """, logger: logger
    ).collect().map { try $0.decode((Int64, Int).self) }
    let idAt = Dictionary(ids.map { ($0.1, $0.0) }, uniquingKeysWith: { first, _ in first })
    var scenarioIDs: [Int64] = []
    var positions: [Int] = []
    var keywords: [String] = []
    var texts: [String] = []
    var depths: [Int] = []
    for (position, scenario) in scenarios.enumerated() {
      guard let id = idAt[position] else {
        throw RowDecodingError(column: "id", problem: "gherkin scenario \(position) was not returned")
      }
      for (stepPosition, step) in scenario.steps.enumerated() {
        scenarioIDs.append(id)
        positions.append(stepPosition)
        keywords.append(step.keyword)
        texts.append(step.text)
        depths.append(step.depth)
      }
    }
    try await connection.query(
      """
      INSERT INTO gherkin_step (scenario_id, position, keyword, text, depth)
      SELECT * FROM unnest(\(scenarioIDs)::bigint[], \(positions)::integer[], \(keywords)::text[],
        \(texts)::text[], \(depths)::integer[])
      """, logger: logger)
  }
}
