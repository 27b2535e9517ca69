import ExhibitSQLite
import Foundation

/// A path the catalogue has seen, as stored.
struct StoredRecordingPath: Sendable {
  var id: Int64
  var recordingID: Int64
  var size: Int64
  var modifiedNanoseconds: Int64
  var inode: UInt64
  var device: UInt64
  var missing: Bool
  var status: RecordingStatus
  var error: String?

  /// The select over `p` (recording_path) and `r` (its recording) that ``init(_:)`` reads.
  static let select = """
    SELECT p.id, p.recording_id, p.path, p.size, p.mtime_ns, p.inode, p.device, p.missing_since, r.status, r.error
    FROM recording_path p JOIN recording r ON r.id = p.recording_id
    """

  /// Reads a row of ``select``.
  /// - Throws: ``RowDecodingError`` naming the column.
  init(_ row: Row) throws {
    id = try row.decode("id")
    recordingID = try row.decode("recording_id")
    size = try row.decode("size")
    modifiedNanoseconds = try row.decode("mtime_ns")
    inode = UInt64(bitPattern: try row.decode("inode"))
    device = UInt64(bitPattern: try row.decode("device"))
    missing = (try row.decode("missing_since") as String?) != nil
    status = try row.decode("status")
    error = try row.decode("error")
  }

  /// Whether the file on disk is the one stored, as far as `stat` tells (same size,
  /// modification time, inode and device); such a file is not read again.
  func matches(_ file: FileStatus) -> Bool {
    !missing && file.isRegularFile && size == file.size && modifiedNanoseconds == file.modifiedNanoseconds
      && inode == file.inode && device == file.device
  }
}

/// A caption track as stored.
struct StoredCaptionTrack: Sendable {
  var id: Int64
  var recordingID: Int64
  var size: Int64
  var modifiedNanoseconds: Int64
}

/// What the catalogue knows before a run: every path and caption track.
struct CatalogueState: Sendable {
  var paths: [PathKey: StoredRecordingPath]
  var captions: [PathKey: StoredCaptionTrack]
}

/// What storing one examination did at its path.
enum PathOutcome: Sendable, Equatable {
  case added
  case unchanged
  case updated
  case moved(from: [String])
  case duplicate(of: [String])
  case failed(String)
  case notStored(String)
}

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
  private func removeIfUnreadable(_ recordingID: Int64) throws {
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

  private func storedPath(_ path: String) throws -> StoredRecordingPath? {
    guard
      let row = try connection.first(StoredRecordingPath.select + " WHERE p.path = ?", [path])
    else { return nil }
    return try RowDecodingError.reading("recording_path") { try StoredRecordingPath(row) }
  }

  /// Finds the recording with these bytes, or stores a new one. A file without a hash (it could
  /// not be read, or changed while read) gets its own error row, reusing the one its path had.
  private func upsertRecording(
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
    try connection.execute(
      "INSERT INTO recording (sha256, size, status, error, container, duration_ms, bit_rate, tags, "
        + Self.attributionColumns.joined(separator: ", ") + ", catalogued_at) VALUES ("
        + Array(repeating: "?", count: 9 + Self.attributionColumns.count).joined(separator: ", ") + ")",
      [
        sha256, size, status, error ?? info?.truncationReason, info?.container, info?.durationMilliseconds,
        info?.bitRate, Self.tagsJSON(tags),
      ] + Self.attributionValues(attribution) + [now])
    let id = connection.lastInsertRowID
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
  private func upsertPath(
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
      try AuditLog.append(
        connection, actor: actor, action: "recording.update", subject: subject,
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
      try AuditLog.append(
        connection, actor: actor, action: "recording.catalog", subject: subject,
        after: AuditJSON.object(facts.merging(["path": path]) { _, new in new }))
      return .added
    }
    let live = others.filter { FileStatus.of($0) != nil }
    if !live.isEmpty { return .duplicate(of: live) }
    try connection.execute(
      "UPDATE recording_path SET missing_since = coalesce(missing_since, ?) WHERE recording_id = ? AND path <> ?",
      [now, recordingID, path])
    try AuditLog.append(
      connection, actor: actor, action: "recording.move", subject: subject,
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
  private func recordingSubject(_ recordingID: Int64, path: String) throws -> String {
    if let sha = try storedSHA256(of: recordingID) { return "recording:\(sha)" }
    return "recording-path:\(path)"
  }

  /// A stored recording's SHA-256; nil for one that could not be hashed.
  func storedSHA256(of recordingID: Int64) throws -> String? {
    try connection.first("SELECT sha256 FROM recording WHERE id = ?", [recordingID])?.decode("sha256")
  }

  private func storeCaption(
    _ caption: CaptionReading, recordingID: Int64, actor: String, warnings: inout [CatalogueProblem],
    errors: inout [CatalogueProblem], laterCues: inout [PendingCues]
  ) throws {
    try deleteCaptionTrack(path: caption.caption.path)
    let vtt: WebVTT
    switch caption.result {
    case .success(let parsed): vtt = parsed
    case .failure(let error):
      errors.append(
        CatalogueProblem(
          path: caption.caption.path,
          message: error.line > 0 ? "line \(error.line): \(error.reason)" : error.reason))
      return
    }
    for warning in vtt.warnings {
      warnings.append(
        CatalogueProblem(path: caption.caption.path, message: "line \(warning.line): \(warning.message)"))
    }
    // What a screen reader says in one cue is a sentence or two; a cue of a megabyte would make
    // every search for its words rank and cut it. Such a cue is kept cut, and said so.
    for (index, cue) in vtt.cues.enumerated() where cue.text.unicodeScalars.count > Self.longestCue {
      warnings.append(
        CatalogueProblem(
          path: caption.caption.path,
          message:
            "cue \(index + 1) has \(cue.text.unicodeScalars.count) characters; only its first \(Self.longestCue) are kept"
        ))
    }
    let warningText = vtt.warnings.map { "line \($0.line): \($0.message)" }
    let warningsJSON = JSONText.array(warningText)
    // A long caption is stored a chunk per transaction, so other writers are not locked out for
    // its whole length; until the last chunk its time is -1, so a killed run reads it again.
    let complete = vtt.cues.count <= Self.captionChunk
    try connection.execute(
      """
      INSERT INTO caption_track (recording_id, path, language, sha256, size, mtime_ns, warnings)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      [
        recordingID, caption.caption.path, caption.caption.language, caption.sha256, caption.status.size,
        complete ? caption.status.modifiedNanoseconds : -1, warningsJSON,
      ])
    let trackID = connection.lastInsertRowID
    // The cues in the form they are stored, made once for the rows and the audit event.
    let cues = vtt.cues.map(StoredCue.init)
    if let sha = try storedSHA256(of: recordingID) {
      try AuditLog.append(
        connection, actor: actor, action: "caption.index", subject: "recording:\(sha)",
        after: Self.captionFields(path: caption.caption.path, sha256: caption.sha256, cues: cues))
    }
    try insertCues(cues.prefix(Self.captionChunk), first: 0, track: trackID)
    if !complete {
      laterCues.append(
        PendingCues(
          track: trackID, cues: Array(cues.dropFirst(Self.captionChunk)), first: Self.captionChunk,
          modifiedNanoseconds: caption.status.modifiedNanoseconds))
    }
  }

  /// A caption event's `after`: the track's path, its file's SHA-256, and how many cues it has
  /// with their digest (``StoredCue/digest(_:)``), which verify recomputes from the stored cues.
  static func captionFields(path: String, sha256: String, cues: [StoredCue]) -> String {
    AuditJSON.object([
      "track": path, "sha256": sha256, "cues": String(cues.count), "cues_sha256": StoredCue.digest(cues),
    ])
  }

  private func insertCues(_ cues: ArraySlice<StoredCue>, first: Int, track: Int64) throws {
    for (offset, stored) in cues.enumerated() {
      try connection.execute(
        "INSERT INTO caption_cue (track_id, position, identifier, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?, ?)",
        [
          track, first + offset, stored.identifier, stored.startMilliseconds, stored.endMilliseconds,
          stored.text,
        ])
    }
  }

  /// The most characters of one cue that are stored and searched.
  static let longestCue = StoredCue.longestText

  /// Cues a transaction stores at most; a longer caption takes several.
  static let captionChunk = 5_000

  /// How long the catalogue pauses between two chunks of a long caption, in microseconds: a
  /// writer waiting on the lock sleeps in steps of up to 100 ms and would otherwise never find
  /// it free.
  static let pauseBetweenChunks: UInt32 = 100_000

  /// Stores the next chunk of a long caption's cues in a transaction of its own; the last one
  /// marks the track complete.
  /// - Returns: What is left, nil when the track is complete.
  func storeNextCues(_ pending: PendingCues) throws -> PendingCues? {
    try connection.transaction {
      try insertCues(pending.cues.prefix(Self.captionChunk), first: pending.first, track: pending.track)
      guard pending.cues.count > Self.captionChunk else {
        try connection.execute(
          "UPDATE caption_track SET mtime_ns = ? WHERE id = ?", [pending.modifiedNanoseconds, pending.track])
        return nil
      }
      return PendingCues(
        track: pending.track, cues: Array(pending.cues.dropFirst(Self.captionChunk)),
        first: pending.first + Self.captionChunk, modifiedNanoseconds: pending.modifiedNanoseconds)
    }
  }

  /// Empties the stored track at `path` a chunk of cues per transaction before it is replaced,
  /// marking it to be read again should the run be killed; a short track is left to the batch.
  func emptyLongCaptionTrack(path: String) throws {
    guard
      let track = try connection.first(
        "SELECT id, (SELECT count(*) FROM caption_cue WHERE track_id = t.id) AS cues FROM caption_track t WHERE path = ?",
        [path])
    else { return }
    let id: Int64 = try track.decode("id")
    var remaining: Int = try track.decode("cues")
    guard remaining > Self.captionChunk else { return }
    while remaining > 0 {
      usleep(Self.pauseBetweenChunks)
      try connection.transaction {
        try connection.execute("UPDATE caption_track SET mtime_ns = -1 WHERE id = ?", [id])
        try connection.execute(
          "DELETE FROM caption_cue WHERE id IN (SELECT id FROM caption_cue WHERE track_id = ? LIMIT ?)",
          [id, Self.captionChunk])
      }
      remaining -= Self.captionChunk
    }
  }

  /// Deletes a caption track and its cues (captions are derived from files, not evidence).
  func deleteCaptionTrack(path: String) throws {
    guard
      let id: Int64 = try connection.first("SELECT id FROM caption_track WHERE path = ?", [path])?.decode(
        "id")
    else { return }
    try connection.execute("DELETE FROM caption_cue WHERE track_id = ?", [id])
    try connection.execute("DELETE FROM caption_track WHERE id = ?", [id])
  }

  /// Marks stored recordings under `folders` (or equal to one of `files`) that were not seen
  /// present as missing, and drops caption tracks whose files are gone.
  ///
  /// - Returns: The paths newly marked missing.
  func markVanished(
    folders: [String], files: [String], present: Set<PathKey>, captionsPresent: Set<PathKey>, actor: String,
    now: String
  ) throws -> [String] {
    func inScope(_ path: String) -> Bool {
      files.contains(path) || folders.contains { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }
    var vanished: [String] = []
    for row in try connection.query(
      "SELECT id, recording_id, path FROM recording_path WHERE missing_since IS NULL ORDER BY path")
    {
      let path: String = try row.decode("path")
      guard inScope(path), !present.contains(PathKey(path)) else { continue }
      let id: Int64 = try row.decode("id")
      try connection.execute("UPDATE recording_path SET missing_since = ? WHERE id = ?", [now, id])
      try AuditLog.append(
        connection, actor: actor, action: "recording.missing",
        subject: try recordingSubject(try row.decode("recording_id"), path: path),
        after: AuditJSON.object(["path": path]))
      vanished.append(path)
    }
    for row in try connection.query("SELECT path FROM caption_track") {
      let path: String = try row.decode("path")
      guard inScope(path), !captionsPresent.contains(PathKey(path)) else { continue }
      try deleteCaptionTrack(path: path)
    }
    return vanished
  }

  /// Re-attributes recordings from their first present path, their tags and the imported
  /// criteria: all of them after a criteria import, or those at some paths after a move.
  ///
  /// A field an auditor set by hand stays as it is.
  ///
  /// - Parameters:
  ///   - paths: Only the recordings seen at these paths; nil for every recording.
  ///   - actor: Who the audit trail says changed them.
  /// - Returns: How many recordings changed.
  /// - Throws: ``SQLiteError``.
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
      var attribution = attributor.attribute(path: path, tags: recording.tags)
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
        try AuditLog.append(
          connection, actor: actor, action: "recording.attribute", subject: "recording:\(sha)",
          before: AuditJSON.object(before.fields), after: AuditJSON.object(after.fields))
      }
    }
    return changed
  }

  static let attributionColumns = [
    "family", "family_source", "component", "component_source", "platform", "platform_source",
    "assistive_tech",
    "assistive_tech_source", "browser", "browser_source", "os_version", "os_version_source", "device",
    "device_source",
  ]

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

/// Writes what the cataloguer found: recordings, their paths, streams, captions and cues.
struct CatalogueWriter {
  /// The workspace database.
  let connection: Connection
}
