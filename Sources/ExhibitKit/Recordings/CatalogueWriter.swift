import ExhibitStorage
import Foundation

extension CatalogueWriter {
  /// Loads every stored path and caption track, for deciding what a run must read.
  func catalogueState() throws -> CatalogueState {
    var paths: [PathKey: StoredRecordingPath] = [:]
    for row in try connection.query(StoredRecordingPath.select) {
      let path: String = try row.decode("path")
      paths[PathKey(path)] = try RowDecodingError.reading("recording_path") { try StoredRecordingPath(row) }
    }
    var captions: [PathKey: StoredCaptionTrack] = [:]
    for track in try connection.fetch(CaptionTrackRow.self) {
      captions[PathKey(track.path)] = StoredCaptionTrack(
        id: track.id, recordingID: track.recordingID, size: track.size,
        modifiedNanoseconds: track.modifiedNanoseconds)
    }
    return CatalogueState(paths: paths, captions: captions)
  }

  /// The references and components attribution weighs, from the imported criteria.
  func recordingAttributor() throws -> RecordingAttributor {
    let references = try connection.query(
      """
      SELECT DISTINCT d.family, d.component, v.source_path, v.platform, v.assistive_tech, v.browser
      FROM video_reference v JOIN criteria_document d ON d.id = v.document_id
      WHERE v.source_path <> ''
      """
    ).map { row in
      try RowDecodingError.reading("video_reference") {
        CriteriaVideoReference(
          family: try row.decode("family"), component: try row.decode("component"),
          sourcePath: try row.decode("source_path"), platform: try row.decode("platform"),
          assistiveTech: try row.decode("assistive_tech"), browser: try row.decode("browser"))
      }
    }
    let components = try connection.query("SELECT DISTINCT family, component FROM criteria_document").map {
      row -> (Family, String) in
      try RowDecodingError.reading("criteria_document") {
        (try row.decode("family"), try row.decode("component"))
      }
    }
    return RecordingAttributor(references: references, knownComponents: components)
  }

  /// Stores one examination at its path, inside the caller's transaction.
  func store(
    _ examination: Examination, attributor: RecordingAttributor, actor: String, now: String,
    warnings: inout [CatalogueProblem], errors: inout [CatalogueProblem], laterCues: inout [PendingCues]
  ) throws -> PathOutcome {
    let path = examination.request.video.path
    let stored = try storedPath(path)
    var outcome: PathOutcome
    let recordingID: Int64
    switch examination.media {
    case nil:
      guard let stored else { return .notStored("no longer catalogued") }
      recordingID = stored.recordingID
      outcome = .unchanged
    case .notAFile(let reason):
      errors.append(CatalogueProblem(path: path, message: reason))
      return .notStored(reason)
    case .failed(let reason, let digest):
      errors.append(CatalogueProblem(path: path, message: reason))
      let status = digest?.status ?? FileStatus.of(path)
      let (id, _) = try upsertRecording(
        sha256: digest?.sha256, size: status?.size ?? 0, info: nil, error: reason, path: path,
        reusing: digest == nil ? stored : nil, attributor: attributor, now: now)
      // Without a hash the file must be read again next time: store an impossible mtime.
      let fileStatus = digest?.status ?? status
      _ = try upsertPath(
        path, recordingID: id, status: fileStatus, forceRetry: digest == nil, stored: stored, actor: actor,
        now: now,
        isNewRecording: true)
      recordingID = id
      outcome = .failed(reason)
    case .read(let digest, let info):
      let (id, isNew) = try upsertRecording(
        sha256: digest.sha256, size: digest.status.size, info: info, error: nil, path: path, reusing: nil,
        attributor: attributor, now: now)
      recordingID = id
      outcome = try upsertPath(
        path, recordingID: id, status: digest.status, forceRetry: false, stored: stored, actor: actor,
        now: now,
        isNewRecording: isNew)
      if info.truncated {
        warnings.append(
          CatalogueProblem(
            path: path, message: "truncated: \(info.truncationReason ?? "the file ends early")"))
      }
    }
    for caption in examination.captions {
      try storeCaption(
        caption, recordingID: recordingID, actor: actor, warnings: &warnings, errors: &errors,
        laterCues: &laterCues)
    }
    errors.append(contentsOf: examination.captionProblems)
    if let previous = stored?.recordingID, previous != recordingID {
      try removeIfUnreadable(previous)
    }
    return outcome
  }

  /// Deletes a hashless error row no path and no evidence refers to any more (its file was
  /// read properly since); rows with a hash are kept, they are what links point at.
  func removeIfUnreadable(_ recordingID: Int64) throws {
    guard
      try connection.first(
        """
        SELECT 1 AS orphan FROM recording r WHERE r.id = ? AND r.sha256 IS NULL
          AND NOT EXISTS (SELECT 1 FROM recording_path WHERE recording_id = r.id)
          AND NOT EXISTS (SELECT 1 FROM evidence_link WHERE recording_id = r.id)
        """, [recordingID]) != nil
    else { return }
    for track in try connection.query("SELECT path FROM caption_track WHERE recording_id = ?", [recordingID])
    {
      try deleteCaptionTrack(path: try track.decode("path"))
    }
    try connection.execute("DELETE FROM recording_stream WHERE recording_id = ?", [recordingID])
    try connection.execute("DELETE FROM recording WHERE id = ?", [recordingID])
  }

  func storedPath(_ path: String) throws -> StoredRecordingPath? {
    guard
      let row = try connection.first(StoredRecordingPath.select + " WHERE p.path = ?", [path])
    else { return nil }
    return try RowDecodingError.reading("recording_path") { try StoredRecordingPath(row) }
  }

  /// Finds the recording with these bytes, or stores a new one. A file without a hash (it could
  /// not be read, or changed while read) gets its own error row, reusing the one its path had.
  func upsertRecording(
    sha256: String?, size: Int64, info: MediaInfo?, error: String?, path: String,
    reusing stored: StoredRecordingPath?,
    attributor: RecordingAttributor, now: String
  ) throws -> (id: Int64, isNew: Bool) {
    if let sha256, let row = try connection.first("SELECT id FROM recording WHERE sha256 = ?", [sha256]) {
      return (try row.decode("id"), false)
    }
    if sha256 == nil, let stored, stored.status == .error, try storedSHA256(of: stored.recordingID) == nil {
      try connection.execute(
        "UPDATE recording SET size = ?, error = ?, catalogued_at = ? WHERE id = ?",
        [size, error, now, stored.recordingID])
      return (stored.recordingID, false)
    }
    let tags = info?.tags ?? [:]
    let attribution = attributor.attribute(path: path, tags: tags)
    let status = (info.map { $0.truncated ? RecordingStatus.truncated : .ok } ?? .error).rawValue
    let id = try connection.insertReturningID(
      "INSERT INTO recording (sha256, size, status, error, container, duration_ms, bit_rate, tags, "
        + Self.attributionColumns.joined(separator: ", ") + ", catalogued_at) VALUES ("
        + Array(repeating: "?", count: 9 + Self.attributionColumns.count).joined(separator: ", ") + ")",
      [
        sha256, size, status, error ?? info?.truncationReason, info?.container, info?.durationMilliseconds,
        info?.bitRate, Self.tagsJSON(tags),
      ] + Self.attributionValues(attribution) + [now])
    for stream in info?.streams ?? [] {
      try connection.execute(
        """
        INSERT INTO recording_stream (recording_id, stream_index, kind, codec, width, height, frame_rate,
          sample_rate, channels, bit_rate, language)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          id, stream.index, stream.kind, stream.codec, stream.width, stream.height, stream.frameRate,
          stream.sampleRate, stream.channels, stream.bitRate, stream.language,
        ])
    }
    return (id, true)
  }

  /// Records where the bytes were seen, telling a new file, a changed one, a move and a copy apart.
  func upsertPath(
    _ path: String, recordingID: Int64, status: FileStatus?, forceRetry: Bool, stored: StoredRecordingPath?,
    actor: String, now: String, isNewRecording: Bool
  ) throws -> PathOutcome {
    let size = status?.size ?? 0
    let modified = forceRetry ? -1 : (status?.modifiedNanoseconds ?? -1)
    let inode = Int64(bitPattern: status?.inode ?? 0)
    let device = Int64(bitPattern: status?.device ?? 0)
    let subject = try recordingSubject(recordingID, path: path)
    if let stored {
      try connection.execute(
        """
        UPDATE recording_path SET recording_id = ?, size = ?, mtime_ns = ?, inode = ?, device = ?, last_seen = ?,
          missing_since = NULL
        WHERE id = ?
        """, [recordingID, size, modified, inode, device, now, stored.id])
      if stored.recordingID == recordingID { return .unchanged }
      let before = try recordingSubject(stored.recordingID, path: path)
      try connection.appendAudit(
        actor: actor, action: "recording.update", subject: subject,
        before: AuditJSON.object(["path": path, "recording": before]), after: AuditJSON.object(["path": path])
      )
      return .updated
    }
    let others = try connection.query(
      "SELECT path, missing_since FROM recording_path WHERE recording_id = ? ORDER BY id", [recordingID]
    ).map { try $0.decode("path") as String }
    try connection.execute(
      """
      INSERT INTO recording_path (recording_id, path, name, size, mtime_ns, inode, device, first_seen, last_seen)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [recordingID, path, (path as NSString).lastPathComponent, size, modified, inode, device, now, now])
    if isNewRecording || others.isEmpty {
      // What the recording is taken to be is part of the event: verify compares it with the row.
      let facts = try recordingFacts(recordingID)?.fields ?? [:]
      try connection.appendAudit(
        actor: actor, action: "recording.catalog", subject: subject,
        after: AuditJSON.object(facts.merging(["path": path]) { _, new in new }))
      return .added
    }
    let live = others.filter { FileStatus.of($0) != nil }
    if !live.isEmpty { return .duplicate(of: live) }
    try connection.execute(
      "UPDATE recording_path SET missing_since = coalesce(missing_since, ?) WHERE recording_id = ? AND path <> ?",
      [now, recordingID, path])
    try connection.appendAudit(
      actor: actor, action: "recording.move", subject: subject,
      before: AuditJSON.object(["paths": others.joined(separator: "\n")]),
      after: AuditJSON.object(["path": path]))
    return .moved(from: others)
  }

  /// The recording's facts as its row holds them (``RecordingFacts``), nil for no such row.
  func recordingFacts(_ recordingID: Int64) throws -> RecordingFacts? {
    try connection.first(
      "SELECT \(RecordingFacts.selection(as: "r")) FROM recording r WHERE r.id = ?", [recordingID]
    ).map(RecordingFacts.init)
  }

  /// `recording:<sha256>`, or `recording-path:<path>` for a file that has no hash.
  func recordingSubject(_ recordingID: Int64, path: String) throws -> String {
    if let sha = try storedSHA256(of: recordingID) { return "recording:\(sha)" }
    return "recording-path:\(path)"
  }

  /// A stored recording's SHA-256; nil for one that could not be hashed.
  func storedSHA256(of recordingID: Int64) throws -> String? {
    try connection.first("SELECT sha256 FROM recording WHERE id = ?", [recordingID])?.decode("sha256")
  }

  /// The most characters of one cue that are stored and searched.
  static let longestCue = StoredCue.longestText

  /// Cues a transaction stores at most; a longer caption takes several.
  static let captionChunk = 5_000

  /// How long the catalogue pauses between two chunks of a long caption, in microseconds: a
  /// writer waiting on the lock sleeps in steps of up to 100 ms and would otherwise never find
  /// it free.
  static let pauseBetweenChunks: UInt32 = 100_000

  static let attributionColumns = [
    "family", "family_source", "component", "component_source", "platform", "platform_source",
    "assistive_tech",
    "assistive_tech_source", "browser", "browser_source", "os_version", "os_version_source", "device",
    "device_source",
  ]

}

/// Writes what the cataloguer found: recordings, their paths, streams, captions and cues.
package struct CatalogueWriter {
  /// The catalogue's database: the workspace's SQLite file, or a PostgreSQL connection.
  let connection: any CatalogueSQL
}
