import ExhibitKit
import ExhibitSQLite
import ExhibitStorage
import Foundation

/// What must hold in a workspace's database after any crash, checked with SQLite itself.
enum DatabaseAudit {
  /// Every broken promise found: SQLite's integrity and foreign-key checks, FTS5's integrity
  /// check of every full-text index, recordings stored twice or with a hash but no metadata,
  /// caption tracks or criteria documents stored without their rows.
  static func problems(_ database: String) throws -> [String] {
    let connection = try Connection(path: database, mode: .readWrite)
    var found: [String] = []
    let integrity = try connection.query("PRAGMA integrity_check").compactMap { $0.string("integrity_check") }
    if integrity != ["ok"] { found.append("integrity_check: \(integrity.joined(separator: "; "))") }
    if !(try connection.query("PRAGMA foreign_key_check")).isEmpty {
      found.append("foreign_key_check failed")
    }
    let indexes = try connection.query(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'"
    ).compactMap { $0.string("name") }
    for index in indexes {
      do {
        try connection.execute("INSERT INTO \(index) (\(index), rank) VALUES ('integrity-check', 1)")
      } catch {
        found.append("\(index): \(error)")
      }
    }
    let rules: [(String, String)] = [
      (
        "recordings stored twice",
        "SELECT sha256 FROM recording WHERE sha256 IS NOT NULL GROUP BY sha256 HAVING count(*) > 1"
      ),
      (
        "recordings with a hash but no metadata",
        """
        SELECT id FROM recording r WHERE r.status <> 'error'
          AND (r.container IS NULL OR NOT EXISTS (SELECT 1 FROM recording_stream s WHERE s.recording_id = r.id))
        """
      ),
      (
        "recordings with no path",
        "SELECT id FROM recording r WHERE NOT EXISTS (SELECT 1 FROM recording_path p WHERE p.recording_id = r.id)"
      ),
      (
        "caption tracks without cues (every sample caption has cues)",
        "SELECT id FROM caption_track t WHERE NOT EXISTS (SELECT 1 FROM caption_cue c WHERE c.track_id = t.id)"
      ),
      (
        "criteria documents without items",
        "SELECT id FROM criteria_document d WHERE NOT EXISTS (SELECT 1 FROM criteria_item i WHERE i.document_id = d.id)"
      ),
      (
        "live evidence links stored twice",
        """
        SELECT recording_id FROM evidence_link WHERE retracted_at IS NULL
        GROUP BY recording_id, item_id, start_ms, end_ms, verdict, auditor, note HAVING count(*) > 1
        """
      ),
    ]
    // A first migration killed before it committed leaves an empty, still valid database.
    let migrated = (try connection.userVersion) > 0
    for (rule, sql) in rules where migrated { if try !connection.query(sql).isEmpty { found.append(rule) } }
    try connection.close()
    return found
  }

  /// What the database holds, without row ids or times: equal for two runs that stored the same.
  static func fingerprint(_ database: String) throws -> [String] {
    let connection = try Connection(path: database, mode: .readOnly)
    guard try connection.userVersion > 0 else { return ["empty"] }
    let queries = [
      "SELECT family, component, format, revision, sha256 FROM criteria_document",
      """
      SELECT d.component, d.format, i.key, i.label, i.platforms FROM criteria_item i
      JOIN criteria_document d ON d.id = i.document_id
      """,
      "SELECT 'steps', count(*) FROM gherkin_step",
      "SELECT 'notes', count(*) FROM developer_note",
      "SELECT 'announcements', count(*) FROM announcement_example",
      "SELECT sha256, status, container, duration_ms, family, component, platform, assistive_tech FROM recording",
      """
      SELECT p.path, r.sha256, p.missing_since IS NULL FROM recording_path p
      JOIN recording r ON r.id = p.recording_id
      """,
      "SELECT r.sha256, s.stream_index, s.kind, s.codec FROM recording_stream s JOIN recording r ON r.id = s.recording_id",
      "SELECT t.path, t.sha256, (SELECT count(*) FROM caption_cue c WHERE c.track_id = t.id) FROM caption_track t",
      """
      SELECT r.sha256, i.key, l.start_ms, l.end_ms, l.verdict, l.auditor, l.note, l.retracted_at IS NULL
      FROM evidence_link l JOIN recording r ON r.id = l.recording_id JOIN criteria_item i ON i.id = l.item_id
      """,
    ]
    var lines: [String] = []
    for sql in queries {
      let rows = try connection.query(sql).map { row in
        row.values.map { value in
          switch value {
          case .null: "NULL"
          case .integer(let number): String(number)
          case .real(let number): String(number)
          case .text(let text): text
          case .blob(let bytes): "blob \(bytes.count)"
          }
        }.joined(separator: "|")
      }
      lines += rows.sorted()
    }
    try connection.close()
    return lines
  }
}
