import ExhibitSQLite
import ExhibitStorage
import Foundation

extension RecordingLibrary {
  /// SQL for the path a recording `r` is shown at: its first present path, else its first path.
  static let primaryPath = """
    (SELECT p.path FROM recording_path p WHERE p.recording_id = r.id
     ORDER BY p.missing_since IS NOT NULL, p.id LIMIT 1)
    """

  /// Catalogued recordings, filtered, ordered by component then path.
  ///
  /// - Parameters:
  ///   - component: Only recordings attributed to this component.
  ///   - platform: Only recordings attributed to this platform.
  ///   - status: Only recordings catalogued with this status.
  ///   - unattributed: Only recordings no component claims.
  /// - Returns: One summary per recording.
  /// - Throws: The engine's error or ``RowDecodingError``.
  func recordings(
    component: ComponentID? = nil, platform: Platform? = nil, status: RecordingStatus? = nil,
    unattributed: Bool = false
  )
    throws
    -> [RecordingSummary]
  {
    var conditions: [String] = []
    var values: [any SQLBindable] = []
    if let component {
      conditions.append("r.family = ? AND r.component = ?")
      values += [component.family.rawValue, component.slug]
    }
    if let platform {
      conditions.append("r.platform = ?")
      values.append(platform.rawValue)
    }
    if let status {
      conditions.append("r.status = ?")
      values.append(status.rawValue)
    }
    if unattributed { conditions.append("r.component IS NULL") }
    let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    return try connection.query(
      Self.summarySelect + " \(filter) ORDER BY r.family NULLS FIRST, r.component NULLS FIRST, path", values
    )
    .map { try Self.summary($0).summary }
  }

  /// Finds a recording by path (absolute, or relative to `currentDirectory`) or by a prefix of
  /// its SHA-256 (at least 8 hex digits, as the design says, so a prefix stays unambiguous).
  ///
  /// - Returns: The recording's row id.
  /// - Throws: ``RecordingLookupError``.
  func resolveRecording(
    _ reference: String, currentDirectory: String = FileManager.default.currentDirectoryPath
  )
    throws -> Int64
  {
    let absolute = CatalogueScope.absolute(reference, from: currentDirectory)
    if let row = try connection.first("SELECT recording_id FROM recording_path WHERE path = ?", [absolute]) {
      return try row.decode("recording_id")
    }
    let hex = reference.lowercased()
    guard hex.count >= 8, hex.count <= 64, hex.allSatisfy(\.isHexDigit) else {
      throw RecordingLookupError.notFound(reference)
    }
    let matches = try connection.query(
      "SELECT id, sha256 FROM recording WHERE sha256 >= ? AND sha256 < ? ORDER BY sha256 LIMIT 6",
      [hex, hex + "g"])
    switch matches.count {
    case 0: throw RecordingLookupError.notFound(reference)
    case 1: return try matches[0].decode("id")
    default:
      throw RecordingLookupError.ambiguous(reference, matches: try matches.map { try $0.decode("sha256") })
    }
  }

  /// Every field of one recording, its paths, streams and captions; its links are the ledger's
  /// (``EvidenceLedger/links(toRecording:)``), which the composer adds.
  /// - Throws: ``RecordingLookupError``, the engine's error or ``RowDecodingError``.
  func recordingDetail(id: Int64) throws -> RecordingDetail {
    // Its rows of every table at once: on a database server, one wait rather than one a table.
    let answers = try connection.queries([
      SQLQuery(Self.summarySelect + " WHERE r.id = ?", [id]),
      .fetching(RecordingPathRow.self, "WHERE recording_id = ? ORDER BY id", [id]),
      .fetching(RecordingStreamRow.self, "WHERE recording_id = ? ORDER BY stream_index", [id]),
      .fetching(CaptionTrackRow.self, "WHERE recording_id = ? ORDER BY path", [id]),
      SQLQuery(
        """
        SELECT \(CaptionCueRow.selection(as: "c")) FROM caption_cue c JOIN caption_track t ON t.id = c.track_id
        WHERE t.recording_id = ? ORDER BY c.track_id, c.position
        """, [id]),
      SQLQuery(
        """
        SELECT a.id, a.name FROM closed_audit_recording f JOIN audit a ON a.id = f.audit_id
        WHERE f.recording_id = ? ORDER BY a.id
        """, [id]),
    ])
    guard let row = answers[0].first else { throw RecordingLookupError.notFound(String(id)) }
    let (summary, recording) = try Self.summary(row)
    let paths = try answers[1].map { try RecordingPathRow.decode($0).record }
    let streams = try answers[2].map { try RecordingStreamRow.decode($0).stream }
    var cues: [Int64: [RecordingDetail.CaptionTrack.Cue]] = [:]
    for row in answers[4] {
      let cue = try CaptionCueRow.decode(row)
      cues[cue.trackID, default: []].append(cue.cue)
    }
    let captions = try answers[3].map { row in
      let track = try CaptionTrackRow.decode(row)
      return RecordingDetail.CaptionTrack(
        path: track.path, language: track.language, sha256: track.sha256, warnings: track.warnings,
        cues: cues[track.id] ?? [])
    }
    var detail = RecordingDetail(
      recording: summary, bitRate: recording.bitRate, tags: try recording.tags(),
      attribution: recording.attribution,
      cataloguedAt: recording.cataloguedAt, paths: paths, streams: streams, captions: captions, links: [])
    let closed = try answers[5].map { "\(try $0.decode("id") as Int64) (\(try $0.decode("name") as String))" }
    detail.closedAudits = closed.isEmpty ? nil : closed
    return detail
  }

  /// The cues of a recording's caption tracks, in the order its detail lists them (track by
  /// track, by path; each track's cues in order), read alone: a reviewer's page shows a
  /// recording's cues, and needs none of the rest of its detail.
  /// - Throws: The engine's error or ``RowDecodingError``.
  func captionCues(recording id: Int64) throws -> [RecordingDetail.CaptionTrack.Cue] {
    try connection.query(
      """
      SELECT \(CaptionCueRow.selection(as: "c")) FROM caption_cue c JOIN caption_track t ON t.id = c.track_id
      WHERE t.recording_id = ? ORDER BY t.path, t.id, c.position
      """, [id]
    ).map { try CaptionCueRow.decode($0).cue }
  }

  private static let summarySelect = """
    SELECT \(RecordingRow.selection(as: "r")),
      \(RecordingLibrary.primaryPath) AS path,
      NOT EXISTS (SELECT 1 FROM recording_path p WHERE p.recording_id = r.id AND p.missing_since IS NULL) AS missing,
      (SELECT codec FROM recording_stream s WHERE s.recording_id = r.id AND s.kind = 'video'
       ORDER BY stream_index LIMIT 1) AS video_codec,
      (SELECT width FROM recording_stream s WHERE s.recording_id = r.id AND s.kind = 'video'
       ORDER BY stream_index LIMIT 1) AS width,
      (SELECT height FROM recording_stream s WHERE s.recording_id = r.id AND s.kind = 'video'
       ORDER BY stream_index LIMIT 1) AS height,
      (SELECT codec FROM recording_stream s WHERE s.recording_id = r.id AND s.kind = 'audio'
       ORDER BY stream_index LIMIT 1) AS audio_codec,
      (SELECT count(*) FROM caption_cue c JOIN caption_track t ON t.id = c.track_id
       WHERE t.recording_id = r.id) AS caption_cues,
      (SELECT CASE WHEN EXISTS (SELECT 1 FROM hearing g WHERE g.recording_id = r.id)
       THEN (SELECT count(*) FROM heard_phrase h WHERE h.recording_id = r.id) END) AS heard_phrases
    FROM recording r
    """

  /// A row of ``summarySelect`` as a summary, with the recording row it was made from.
  private static func summary(_ row: Row) throws -> (summary: RecordingSummary, recording: RecordingRow) {
    let recording = try RecordingRow.decode(row)
    let attribution = recording.attribution
    var summary = try RowDecodingError.reading("recording") {
      RecordingSummary(
        // A recording whose every path now holds other bytes has no path left to show.
        id: recording.id, path: (try row.decode("path") as String?) ?? "", sha256: recording.sha256,
        size: recording.size,
        status: recording.status, error: recording.error, container: recording.container,
        durationSeconds: recording.durationSeconds, videoCodec: try row.decode("video_codec"),
        width: try row.decode("width"), height: try row.decode("height"),
        audioCodec: try row.decode("audio_codec"),
        family: attribution.family?.value, component: attribution.component?.value,
        platform: attribution.platform?.value, assistiveTech: attribution.assistiveTech?.value,
        browser: attribution.browser?.value, captionCues: try row.decode("caption_cues"),
        missing: try row.decode("missing"))
    }
    summary.heardPhrases = try row.decode("heard_phrases")
    return (summary, recording)
  }
}

/// Reads catalogued recordings: lists, lookups by path or SHA-256, and their details.
package struct RecordingLibrary {
  /// The catalogue's database: the workspace's SQLite file, or a PostgreSQL connection.
  let connection: any CatalogueSQL

  /// The recordings the catalogue `connection` reaches holds.
  package init(connection: any CatalogueSQL) {
    self.connection = connection
  }
}

extension RecordingLibrary {
  /// Catalogued recordings in the catalogue `sql` reaches (``recordings(component:platform:status:unattributed:)``).
  /// - Throws: The backend's error or ``RowDecodingError``.
  package static func recordings(
    in sql: any CatalogueSQL, component: ComponentID?, platform: Platform?, status: RecordingStatus?,
    unattributed: Bool
  ) throws -> [RecordingSummary] {
    try RecordingLibrary(connection: sql).recordings(
      component: component, platform: platform, status: status, unattributed: unattributed)
  }
}
