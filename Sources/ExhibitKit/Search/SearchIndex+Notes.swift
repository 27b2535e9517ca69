import ExhibitStorage
import Foundation

// The notes of live evidence links.
extension SearchIndex {
  /// Link notes, observations' too (their platform is the one the auditor named), under the
  /// notes source's scoping rules. The index holds live notes only (a retraction deletes the
  /// note from it), so without a filter it ranks alone; only the kept notes are read with their
  /// item and recording.
  func noteHits(_ scope: SearchScope) throws -> Ranked {
    let filters = scope.filters
    let rules = SearchSource.notes.predicate(filters)
    let from = SearchSource.notes.from(filters)
    let filter: String
    if filters.component != nil {
      // A component has few links: the index is asked about those alone (50 ms to 5 ms among
      // 100,000 notes), rather than every match being joined to its item until enough pass.
      filter = "AND evidence_note_fts.rowid IN (SELECT l.id FROM \(from) WHERE \(rules.sql))"
    } else if filters.platform != nil || filters.audit != nil {
      // A platform has many: the matches are walked, newest first, until enough pass.
      filter = "AND EXISTS (SELECT 1 FROM \(from) WHERE l.id = evidence_note_fts.rowid AND \(rules.sql))"
    } else {
      filter = ""
    }
    let found = try ranked(
      """
      SELECT evidence_note_fts.rowid AS fts_rowid, \(try ranking("evidence_note_fts", column: "note", scope)) AS score
      FROM \(Self.withSizes("evidence_note_fts")) WHERE evidence_note_fts MATCH ?1 \(filter)
      """, fts: "evidence_note_fts", values: [scope.expression] + (filter.isEmpty ? [] : rules.values),
      limit: scope.limit)
    return Ranked(
      candidates: try candidates(.notes, scope, rows: found.rows), capped: found.capped,
      matched: found.matched)
  }
}
