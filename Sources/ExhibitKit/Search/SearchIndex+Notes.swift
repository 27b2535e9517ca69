import ExhibitStorage
import Foundation

// The notes of live evidence links.
extension SearchIndex {
  /// Link notes, observations' too (their platform is the one the auditor named). The index
  /// holds live notes only (a retraction deletes the note from it), so
  /// without a filter it ranks alone; only the kept notes are read with their item and recording.
  func noteHits(_ scope: SearchScope) throws -> Ranked {
    var filter: String
    if scope.component != nil {
      // A component has few links: the index is asked about those alone (50 ms to 5 ms among
      // 100,000 notes), rather than every match being joined to its item until enough pass.
      filter = """
        AND evidence_note_fts.rowid IN (
          SELECT l.id FROM criteria_document d JOIN criteria_item i ON i.document_id = d.id
            JOIN evidence_link l ON l.item_id = i.id LEFT JOIN recording r ON r.id = l.recording_id
          WHERE d.family = ?2 AND d.component = ?3 AND (?4 IS NULL OR coalesce(r.platform, l.observed_platform) = ?4))
        """
    } else if scope.platform != nil {
      // A platform has many: the matches are walked, newest first, until enough pass.
      filter = """
        AND EXISTS (SELECT 1 FROM evidence_link l LEFT JOIN recording r ON r.id = l.recording_id
                    WHERE l.id = evidence_note_fts.rowid AND coalesce(r.platform, l.observed_platform) = ?4)
        """
    } else {
      filter = ""
    }
    if scope.audit != nil {
      filter +=
        " AND EXISTS (SELECT 1 FROM evidence_link la WHERE la.id = evidence_note_fts.rowid AND la.audit_id = ?5)"
    }
    let found = try ranked(
      """
      SELECT evidence_note_fts.rowid AS fts_rowid, \(try ranking("evidence_note_fts", column: "note", scope)) AS score
      FROM \(Self.withSizes("evidence_note_fts")) WHERE evidence_note_fts MATCH ?1 \(filter)
      """, fts: "evidence_note_fts",
      values: filter.isEmpty
        ? [scope.expression]
        : [scope.expression, scope.family, scope.slug, scope.platform] + (scope.audit.map { [$0] } ?? []),
      limit: scope.limit)
    let details = try rowsByID(
      id: "l.id",
      """
      SELECT l.id AS fts_rowid, l.note AS text_a, i.key, i.label, d.family || '/' || d.component AS component,
        coalesce(r.platform, l.observed_platform) AS platform,
        coalesce(r.assistive_tech, l.observed_assistive_tech) AS assistive_tech, r.sha256, l.start_ms, l.end_ms,
        \(RecordingLibrary.primaryPath) AS path
      FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
        JOIN criteria_document d ON d.id = i.document_id LEFT JOIN recording r ON r.id = l.recording_id
      """, found.rows)
    let candidates = try found.rows.compactMap { ranked -> Candidate? in
      guard let row = details[try ranked.decode("fts_rowid")] else { return nil }
      let platform = Self.platform(try row.decode("platform"))
      return Candidate(
        hit: SearchHit(
          kind: .notes, source: "notes", component: try Self.componentID(row),
          platform: platform, platforms: platform.map { [$0] } ?? [],
          assistiveTech: (try row.decode("assistive_tech") as String?),
          title: try row.decode("label"),
          snippet: "",
          item: (try row.decode("key") as String?).flatMap(ItemKey.init),
          recording: try Self.recording(row),
          startSeconds: (try row.decode("start_ms") as Int64?).map { Double($0) / 1000 },
          endSeconds: (try row.decode("end_ms") as Int64?).map { Double($0) / 1000 },
          score: try ranked.decode("score")),
        text: SnippetText(first: try row.decode("text_a")))
    }
    return Ranked(candidates: candidates, capped: found.capped, matched: found.matched)
  }
}
