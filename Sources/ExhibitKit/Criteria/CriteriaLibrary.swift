import ExhibitSQLite
import ExhibitStorage
import Foundation

extension CriteriaLibrary {
  /// What the composer does once a document became the current revision (new or restored),
  /// inside the import's transaction: it carries evidence links forward to the revision's items.
  typealias RevisionStored = (_ document: CriteriaDocument, _ documentID: Int64, _ revision: Int) throws ->
    Void

  /// Stores parsed documents: unchanged ones are skipped, changed ones become the next revision
  /// of their (family, component, format), each import is audited. Call inside a write
  /// transaction (``Store/importCriteria(_:actor:)`` opens it).
  ///
  /// - Parameters:
  ///   - documents: Parsed documents, in the order to store them.
  ///   - actor: Who imports, for the audit trail.
  ///   - revisionStored: Called after each document that became a revision, before the next one.
  /// - Returns: One outcome per document.
  /// - Throws: The engine's error; the caller's transaction then stores nothing of the batch.
  func importCriteria(
    _ documents: [CriteriaDocument], actor: String, revisionStored: RevisionStored
  ) throws -> [CriteriaImportOutcome] {
    var claims = CriteriaImportRules.BatchClaims()
    return try documents.map { document -> CriteriaImportOutcome in
      if let refusal = claims.refusal(for: document) { return refusal }
      return try importCriteria(document, actor: actor, revisionStored: revisionStored)
    }
  }

  // Long: one revision's rows in the order their keys need (document, items, scenarios and steps, notes, announcements, videos), then its audit event.
  private func importCriteria(
    _ document: CriteriaDocument, actor: String, revisionStored: RevisionStored
  ) throws -> CriteriaImportOutcome {
    let family = document.family.rawValue
    let latest = try connection.first(
      """
      SELECT id, revision, sha256, source_path,
        (SELECT count(*) FROM criteria_item i WHERE i.document_id = d.id) AS items
      FROM criteria_document d WHERE family = ? AND component = ? AND format = ? ORDER BY revision DESC LIMIT 1
      """, [family, document.component, document.format.rawValue]
    ).map {
      CriteriaImportRules.StoredRevision(
        id: try $0.decode("id"), revision: try $0.decode("revision"), sha256: try $0.decode("sha256"),
        sourcePath: try $0.decode("source_path"), itemCount: try $0.decode("items"))
    }
    var latestItems = ""
    var sameBytes: (id: Int64, revision: Int)?
    if let latest, CriteriaImportRules.isChange(document, latest: latest) {
      latestItems = try storedItemDigestText(documentID: latest.id)
      sameBytes = try connection.first(
        "SELECT id, revision FROM criteria_document WHERE family = ? AND component = ? AND format = ? AND sha256 = ?",
        [family, document.component, document.format.rawValue, document.sha256]
      ).map { (id: try $0.decode("id") as Int64, revision: try $0.decode("revision") as Int) }
    }
    let revision: Int
    switch CriteriaImportRules.step(
      for: document, latest: latest, latestItems: latestItems, sameBytes: sameBytes)
    {
    case .finished(let outcome): return outcome
    case .restore(let documentID, let earlier, let next):
      return try restore(
        document, documentID: documentID, from: earlier, as: next, actor: actor,
        revisionStored: revisionStored)
    case .write(let next): revision = next
    }
    let now = Timestamp.string(Date())
    let documentID = try connection.insertReturningID(
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
    for (position, criterion) in document.relatedCriteria.enumerated() {
      try connection.execute(
        "INSERT INTO criteria_related_criterion (document_id, criterion, position) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        [documentID, criterion, position + 1])
    }
    for alias in document.aliases {
      try connection.execute(
        "INSERT INTO component_alias (family, alias, component, source) VALUES (?, ?, ?, 'document') ON CONFLICT DO NOTHING",
        [family, alias, document.component])
    }
    for (position, item) in document.items.enumerated() {
      // A flag is bound as 0 or 1 and stored as `? <> 0`: an integer in SQLite, a boolean in
      // PostgreSQL's column.
      try connection.execute(
        """
        INSERT INTO criteria_item (document_id, key, section, label, expectation, platforms, not_applicable, position,
          notes)
        VALUES (?, ?, ?, ?, ?, ?, ? <> 0, ?, ?)
        """,
        [
          documentID, "\(document.componentID)#\(item.localKey)", item.section.rawValue, item.label,
          item.expectation, item.platforms.map(\.rawValue).joined(separator: ","), item.notApplicable,
          position, item.notes.joined(separator: "\n"),
        ])
    }
    for (position, scenario) in document.scenarios.enumerated() {
      let scenarioID = try connection.insertReturningID(
        "INSERT INTO gherkin_scenario (document_id, position, title) VALUES (?, ?, ?)",
        [documentID, position, scenario.title])
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
    try append(CriteriaImportRules.importEntry(document, revision: revision, actor: actor))
    try revisionStored(document, documentID, revision)
    return .imported(
      component: document.componentID, format: document.format, revision: revision,
      itemCount: document.items.count)
  }

  /// Makes the stored revision with `document`'s bytes current again: it is renumbered the next
  /// revision (`criteria.restore` in the audit trail, so its links judged against those very
  /// words count again), and the links of the revision it replaces move to it where an item did
  /// not change, as with any new revision.
  private func restore(
    _ document: CriteriaDocument, documentID: Int64, from earlier: Int, as revision: Int, actor: String,
    revisionStored: RevisionStored
  ) throws -> CriteriaImportOutcome {
    try connection.execute(
      "UPDATE criteria_document SET revision = ?, source_path = ? WHERE id = ?",
      [revision, document.sourcePath, documentID])
    let items: Int =
      try connection.first(
        "SELECT count(*) AS items FROM criteria_item WHERE document_id = ?", [documentID])?.decode("items")
      ?? 0
    try append(CriteriaImportRules.restoreEntry(document, earlier: earlier, revision: revision, actor: actor))
    try revisionStored(document, documentID, revision)
    return .restored(
      component: document.componentID, format: document.format, revision: revision, restoredRevision: earlier,
      itemCount: items)
  }

  /// Appends `entry` to the audit trail in the import's transaction.
  private func append(_ entry: AuditEntry) throws {
    try connection.appendAuditEvent(entry)
  }

  /// The `item_hashes` text of a stored document's items, as its import recorded them.
  private func storedItemDigestText(documentID: Int64) throws -> String {
    CriteriaItemDigest.text(
      try connection.fetch(CriteriaItemRow.self, "WHERE document_id = ? ORDER BY position", [documentID]).map
      {
        CriteriaItemDigest(stored: $0.stored)
      })
  }

  /// The newest revision of every (component, format), filtered by component and platform.
  ///
  /// - Parameters:
  ///   - component: One component, or nil for all.
  ///   - platform: Keep documents with at least one item for this platform.
  /// - Returns: Documents ordered by component, primary first.
  /// - Throws: The engine's error or ``RowDecodingError``.
  func criteriaDocuments(component: ComponentID? = nil, platform: Platform? = nil) throws
    -> [CriteriaDocumentSummary]
  {
    let rows = try connection.query(
      """
      SELECT \(CriteriaDocumentRow.selection(as: "d")),
        (SELECT count(*) FROM criteria_item i WHERE i.document_id = d.id) AS item_count,
        (SELECT count(*) FROM criteria_item i WHERE i.document_id = d.id
           AND ((',' || i.platforms || ',') LIKE ('%,' || ?1 || ',%') OR ?1 IS NULL)) AS platform_items,
        (SELECT count(*) FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
           JOIN criteria_document old ON old.id = i.document_id
           WHERE old.family = d.family AND old.component = d.component AND old.format = d.format
             AND old.revision < d.revision AND l.retracted_at IS NULL) AS stale_links,
        EXISTS (SELECT 1 FROM criteria_current c WHERE c.document_id = d.id) AS is_current
      FROM criteria_document d
      WHERE d.revision = (SELECT max(revision) FROM criteria_document x
                          WHERE x.family = d.family AND x.component = d.component AND x.format = d.format)
        AND ((d.family = ?2 AND d.component = ?3) OR ?2 IS NULL)
      ORDER BY d.family, d.component, d.format
      """, [platform?.rawValue, component?.family.rawValue, component?.slug])
    let summaries = try rows.map { row -> (summary: CriteriaDocumentSummary, platformItems: Int) in
      let document = try CriteriaDocumentRow.decode(row)
      let summary = CriteriaDocumentSummary(
        documentID: document.id, component: document.component, family: document.component.family,
        category: document.category, title: document.title, sourcePath: document.sourcePath,
        format: document.format.rawValue, revision: document.revision,
        itemCount: try row.decode("item_count"),
        sha256: document.sha256, importedAt: document.importedAt, primary: try row.decode("is_current"),
        staleLinks: try row.decode("stale_links"))
      return (summary, try row.decode("platform_items"))
    }
    let aliases = try ComponentDirectory(connection: connection).aliases()
    return CriteriaDocumentSummary.listing(summaries, platform: platform, aliases: aliases)
  }

  /// Every component's current document and items, in two queries: what a report over many
  /// components needs. No Gherkin, notes, announcements or videos are read, and the documents'
  /// summaries count no stale links (a report shows none; ``criteriaDocuments(component:platform:)``
  /// counts them).
  ///
  /// - Parameters:
  ///   - documents: A statement selecting the `document_id`s to read (a closed audit's, as its
  ///     close recorded them); each component's current document by default.
  ///   - values: The statement's parameters.
  /// - Returns: Each component's criteria, by component.
  /// - Throws: The engine's error or ``RowDecodingError``.
  func currentItemsByComponent(
    documents: String = "SELECT document_id FROM criteria_current", _ values: [any SQLBindable] = []
  ) throws -> [ComponentID: ComponentCriteria] {
    var items: [Int64: [StoredCriteriaItem]] = [:]
    for row in try connection.fetch(
      CriteriaItemRow.self, "WHERE document_id IN (\(documents)) ORDER BY document_id, position", values)
    {
      items[row.documentID, default: []].append(row.stored)
    }
    var current: [ComponentID: ComponentCriteria] = [:]
    for document in try connection.fetch(CriteriaDocumentRow.self, "WHERE id IN (\(documents))", values) {
      let own = items[document.id] ?? []
      current[document.component] = ComponentCriteria(
        component: document.component, document: document.summary(itemCount: own.count), items: own,
        gherkinGiven: "", scenarios: [],
        notes: [],
        announcements: [], videos: [])
    }
    return current
  }

  /// The component's current criteria: items of its primary document, for a platform if given;
  /// with `itemsOnly`, the items and the document's summary alone (what coverage is counted from),
  /// without its Gherkin, notes, announcements and videos.
  /// - Throws: ``LookupError``, the engine's error or ``RowDecodingError``.
  func componentCriteria(_ component: ComponentID, platform: Platform? = nil, itemsOnly: Bool = false) throws
    -> ComponentCriteria
  {
    guard let document = try criteriaDocuments(component: component).first(where: \.primary) else {
      throw LookupError.noCriteria(component.description)
    }
    return try componentCriteria(
      component, platform: platform, documentID: document.documentID, summary: document, itemsOnly: itemsOnly)
  }

  /// A component's criteria from one stored document, whichever revision it is (what a closed
  /// audit was read against): its items, Gherkin, notes, announcements and videos (with
  /// `itemsOnly`, its items alone).
  /// - Throws: ``LookupError`` when there is no such document, or the backend's error.
  func componentCriteria(
    _ component: ComponentID, platform: Platform? = nil, documentID: Int64, itemsOnly: Bool = false
  ) throws -> ComponentCriteria {
    try componentCriteria(
      component, platform: platform, documentID: documentID, summary: nil, itemsOnly: itemsOnly)
  }

  /// A component's criteria from one stored document: its items, Gherkin, notes, announcements
  /// and videos; with `itemsOnly`, its items alone. `summary` is the document as the component's
  /// list of documents shows it, when the caller has it; else it is the document's row.
  private func componentCriteria(
    _ component: ComponentID, platform: Platform?, documentID: Int64, summary: CriteriaDocumentSummary?,
    itemsOnly: Bool
  ) throws -> ComponentCriteria {
    // The document's rows of every table at once: on a database server, one wait rather than
    // one a table. Every scenario's steps come in one statement, not one a scenario.
    let own = "WHERE document_id = ? ORDER BY position"
    let answers = try connection.queries(
      [
        .fetching(CriteriaDocumentRow.self, "WHERE id = ?", [documentID]),
        .fetching(CriteriaItemRow.self, own, [documentID]),
      ]
        + (itemsOnly
          ? []
          : [
            SQLQuery(
              """
              SELECT s.scenario_id, s.keyword, s.text, s.depth FROM gherkin_step s
              JOIN gherkin_scenario c ON c.id = s.scenario_id WHERE c.document_id = ?
              ORDER BY s.scenario_id, s.position
              """, [documentID]),
            .fetching(GherkinScenarioRow.self, own, [documentID]),
            .fetching(DeveloperNoteRow.self, own, [documentID]),
            .fetching(AnnouncementExampleRow.self, own, [documentID]),
            .fetching(VideoReferenceRow.self, own, [documentID]),
          ]))
    guard let documentRow = try answers[0].first.map(CriteriaDocumentRow.decode) else {
      throw LookupError.noCriteria(component.description)
    }
    let items = try answers[1].map { try CriteriaItemRow.decode($0).stored }
    let document = summary ?? documentRow.summary(itemCount: items.count)
    guard !itemsOnly else {
      return try ComponentCriteria.assembling(
        component, platform: platform, document: document, gherkinGiven: documentRow.gherkinGiven,
        items: items, scenarios: [], notes: [], announcements: [], videos: [])
    }
    var steps: [Int64: [GherkinStep]] = [:]
    for row in answers[2] {
      steps[try row.decode("scenario_id"), default: []].append(try GherkinStepRow(row: row).step)
    }
    return try ComponentCriteria.assembling(
      component, platform: platform, document: document, gherkinGiven: documentRow.gherkinGiven, items: items,
      scenarios: try answers[3].map {
        let scenario = try GherkinScenarioRow.decode($0)
        return GherkinScenario(title: scenario.title, steps: steps[scenario.id] ?? [])
      },
      notes: try answers[4].map { try DeveloperNoteRow.decode($0).note },
      announcements: try answers[5].map { try AnnouncementExampleRow.decode($0).example },
      videos: try answers[6].map { try VideoReferenceRow.decode($0).video })
  }
}

/// Stores criteria documents as revisions and reads a component's current criteria.
struct CriteriaLibrary {
  /// The workspace database.
  let connection: any CatalogueSQL
}
