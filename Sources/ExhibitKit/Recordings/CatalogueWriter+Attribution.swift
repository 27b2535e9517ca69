import ExhibitSQLite
import ExhibitStorage
import Foundation

// Attributing recordings again when criteria change, and the attribution's stored form.
extension CatalogueWriter {
  /// Re-attributes recordings from their first present path, their tags and the imported
  /// criteria: all of them after a criteria import, or those at some paths after a move.
  ///
  /// A field an auditor set by hand stays as it is.
  ///
  /// - Parameters:
  ///   - paths: Only the recordings seen at these paths; nil for every recording.
  ///   - actor: Who the audit trail says changed them.
  /// - Returns: How many recordings changed.
  /// - Throws: The engine's error.
  @discardableResult
  func refreshAttribution(paths: [String]? = nil, actor: String = "exhibit") throws -> Int {
    if let paths, paths.isEmpty { return 0 }
    let attributor = try recordingAttributor()
    var changed = 0
    let only =
      paths.map { paths in
        " WHERE r.id IN (SELECT recording_id FROM recording_path WHERE path IN ("
          + paths.map { _ in "?" }.joined(separator: ", ") + "))"
      } ?? ""
    let rows = try connection.query(
      "SELECT \(RecordingRow.selection(as: "r")), \(RecordingLibrary.primaryPath) AS path FROM recording r"
        + only,
      paths ?? [])
    for row in rows {
      // A recording whose every path now holds other bytes has nowhere to be attributed from.
      guard let path: String = try row.decode("path") else { continue }
      let recording = try RecordingRow.decode(row)
      var attribution = attributor.attribute(path: path, tags: try recording.tags())
      attribution.keepHandSet(from: recording.attribution)
      let values = Self.attributionValues(attribution)
      let current = Self.attributionColumns.map { row[$0] }
      guard values.map(\.sqlValue) != current else { continue }
      let id = recording.id
      let before = try recordingFacts(id)
      try connection.execute(
        "UPDATE recording SET " + Self.attributionColumns.map { "\($0) = ?" }.joined(separator: ", ")
          + " WHERE id = ?", values + [id])
      changed += 1
      // A verdict is read under the recording's attribution: every change Exhibit makes is audited.
      if let sha = try storedSHA256(of: id), let before, let after = try recordingFacts(id), after != before {
        try connection.appendAudit(
          actor: actor, action: "recording.attribute", subject: "recording:\(sha)",
          before: AuditJSON.object(before.fields), after: AuditJSON.object(after.fields))
      }
    }
    return changed
  }

  /// Attributes recordings again in the catalogue `sql` reaches, inside the caller's transaction
  /// (``refreshAttribution(paths:actor:)``).
  /// - Returns: How many recordings changed.
  /// - Throws: The backend's error.
  @discardableResult
  package static func refreshAttribution(in sql: any CatalogueSQL, actor: String) throws -> Int {
    try CatalogueWriter(connection: sql).refreshAttribution(actor: actor)
  }

  static func attributionValues(_ attribution: RecordingAttribution) -> [any SQLBindable] {
    [
      attribution.family, attribution.component, attribution.platform, attribution.assistiveTech,
      attribution.browser, attribution.osVersion, attribution.device,
    ].flatMap { value -> [any SQLBindable] in [value?.value, value?.source.rawValue] }
  }

  static func tagsJSON(_ tags: [String: String]) -> String {
    if let text = JSONText.object(tags) { return text }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(tags)) ?? Data("{}".utf8), as: UTF8.self)
  }
}
