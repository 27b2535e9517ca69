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
  var status: String
  var error: String?

  /// Reads a row of `recording_path` joined with its recording's status and error.
  init(_ row: Row) {
    id = row.int64("id") ?? 0
    recordingID = row.int64("recording_id") ?? 0
    size = row.int64("size") ?? -1
    modifiedNanoseconds = row.int64("mtime_ns") ?? -1
    inode = UInt64(bitPattern: row.int64("inode") ?? 0)
    device = UInt64(bitPattern: row.int64("device") ?? 0)
    missing = row.string("missing_since") != nil
    status = row.string("status") ?? "error"
    error = row.string("error")
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

extension Store {
  /// Loads every stored path and caption track, for deciding what a run must read.
  func catalogueState() throws -> CatalogueState {
    var paths: [PathKey: StoredRecordingPath] = [:]
    for row in try connection.query(
      """
      SELECT p.id, p.recording_id, p.path, p.size, p.mtime_ns, p.inode, p.device, p.missing_since,
        r.status, r.error
      FROM recording_path p JOIN recording r ON r.id = p.recording_id
      """)
    {
      guard let path = row.string("path") else { continue }
      paths[PathKey(path)] = StoredRecordingPath(row)
    }
    var captions: [PathKey: StoredCaptionTrack] = [:]
    for row in try connection.query("SELECT id, recording_id, path, size, mtime_ns FROM caption_track") {
      guard let path = row.string("path") else { continue }
      captions[PathKey(path)] = StoredCaptionTrack(
        id: row.int64("id") ?? 0, recordingID: row.int64("recording_id") ?? 0, size: row.int64("size") ?? -1,
        modifiedNanoseconds: row.int64("mtime_ns") ?? -1)
    }
    return CatalogueState(paths: paths, captions: captions)
  }

  /// The references and components attribution weighs, from the imported criteria.
  public func recordingAttributor() throws -> RecordingAttributor {
    let references = try connection.query(
      """
      SELECT DISTINCT d.family, d.component, v.source_path, v.platform, v.assistive_tech, v.browser
      FROM video_reference v JOIN criteria_document d ON d.id = v.document_id
      WHERE v.source_path <> ''
      """
    ).compactMap { row -> CriteriaVideoReference? in
      guard let family = row.string("family").flatMap(Family.init(rawValue:)),
        let component = row.string("component"),
        let source = row.string("source_path")
      else { return nil }
      return CriteriaVideoReference(
        family: family, component: component, sourcePath: source,
        platform: row.string("platform").flatMap(Platform.init(rawValue:)),
        assistiveTech: row.string("assistive_tech").flatMap(AssistiveTech.init(rawValue:)),
        browser: row.string("browser").flatMap(Browser.init(rawValue:)))
    }
    let components = try connection.query("SELECT DISTINCT family, component FROM criteria_document")
      .compactMap {
        row -> (Family, String)? in
        guard let family = row.string("family").flatMap(Family.init(rawValue:)),
          let component = row.string("component")
        else { return nil }
        return (family, component)
      }
    return RecordingAttributor(references: references, knownComponents: components)
  }

  /// Stores one examination at its path, inside the caller's transaction.
  func store(
    _ examination: Examination, attributor: RecordingAttributor, actor: String, now: String,
    warnings: inout [CatalogProblem], errors: inout [CatalogProblem], laterCues: inout [PendingCues]
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
      errors.append(CatalogProblem(path: path, message: reason))
      return .notStored(reason)
    case .failed(let reason, let digest):
      errors.append(CatalogProblem(path: path, message: reason))
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
          CatalogProblem(path: path, message: "truncated: \(info.truncationReason ?? "the file ends early")"))
      }
    }
    for caption in examination.captions {
      try storeCaption(
        caption, recordingID: recordingID, warnings: &warnings, errors: &errors, laterCues: &laterCues)
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
      if let path = track.string("path") { try deleteCaptionTrack(path: path) }
    }
    try connection.execute("DELETE FROM recording_stream WHERE recording_id = ?", [recordingID])
    try connection.execute("DELETE FROM recording WHERE id = ?", [recordingID])
  }

  private func storedPath(_ path: String) throws -> StoredRecordingPath? {
    guard
      let row = try connection.first(
        """
        SELECT p.id, p.recording_id, p.size, p.mtime_ns, p.inode, p.device, p.missing_since, r.status, r.error
        FROM recording_path p JOIN recording r ON r.id = p.recording_id WHERE p.path = ?
        """, [path])
    else { return nil }
    return StoredRecordingPath(row)
  }

  /// Finds the recording with these bytes, or stores a new one. A file without a hash (it could
  /// not be read, or changed while read) gets its own error row, reusing the one its path had.
  private func upsertRecording(
    sha256: String?, size: Int64, info: MediaInfo?, error: String?, path: String,
    reusing stored: StoredRecordingPath?,
    attributor: RecordingAttributor, now: String
  ) throws -> (id: Int64, isNew: Bool) {
    if let sha256, let row = try connection.first("SELECT id FROM recording WHERE sha256 = ?", [sha256]),
      let id = row.int64("id")
    {
      return (id, false)
    }
    if sha256 == nil, let stored, stored.status == "error",
      try connection.first("SELECT sha256 FROM recording WHERE id = ?", [stored.recordingID])?.string(
        "sha256") == nil
    {
      try connection.execute(
        "UPDATE recording SET size = ?, error = ?, catalogued_at = ? WHERE id = ?",
        [size, error, now, stored.recordingID])
      return (stored.recordingID, false)
    }
    let tags = info?.tags ?? [:]
    let attribution = attributor.attribute(path: path, tags: tags)
    let status = info.map { $0.truncated ? "truncated" : "ok" } ?? "error"
    try connection.execute(
      """
      INSERT INTO recording (sha256, size, status, error, container, duration_ms, bit_rate, tags,
        family, family_source, component, component_source, platform, platform_source,
        assistive_tech, assistive_tech_source, browser, browser_source, os_version, os_version_source, catalogued_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
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
    ).compactMap { $0.string("path") }
    try connection.execute(
      """
      INSERT INTO recording_path (recording_id, path, name, size, mtime_ns, inode, device, first_seen, last_seen)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [recordingID, path, (path as NSString).lastPathComponent, size, modified, inode, device, now, now])
    if isNewRecording || others.isEmpty {
      try AuditLog.append(
        connection, actor: actor, action: "recording.catalog", subject: subject,
        after: AuditJSON.object(["path": path]))
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

  /// `recording:<sha256>`, or `recording-path:<path>` for a file that has no hash.
  private func recordingSubject(_ recordingID: Int64, path: String) throws -> String {
    if let sha = try connection.first("SELECT sha256 FROM recording WHERE id = ?", [recordingID])?.string(
      "sha256")
    {
      return "recording:\(sha)"
    }
    return "recording-path:\(path)"
  }

  private func storeCaption(
    _ caption: CaptionReading, recordingID: Int64, warnings: inout [CatalogProblem],
    errors: inout [CatalogProblem], laterCues: inout [PendingCues]
  ) throws {
    try deleteCaptionTrack(path: caption.caption.path)
    let vtt: WebVTT
    switch caption.result {
    case .success(let parsed): vtt = parsed
    case .failure(let error):
      errors.append(
        CatalogProblem(
          path: caption.caption.path,
          message: error.line > 0 ? "line \(error.line): \(error.reason)" : error.reason))
      return
    }
    for warning in vtt.warnings {
      warnings.append(
        CatalogProblem(path: caption.caption.path, message: "line \(warning.line): \(warning.message)"))
    }
    // What a screen reader says in one cue is a sentence or two; a cue of a megabyte would make
    // every search for its words rank and cut it. Such a cue is kept cut, and said so.
    for (index, cue) in vtt.cues.enumerated() where cue.text.unicodeScalars.count > Self.longestCue {
      warnings.append(
        CatalogProblem(
          path: caption.caption.path,
          message:
            "cue \(index + 1) has \(cue.text.unicodeScalars.count) characters; only its first \(Self.longestCue) are kept"
        ))
    }
    let warningText = vtt.warnings.map { "line \($0.line): \($0.message)" }
    let warningsJSON = String(
      decoding: (try? JSONEncoder().encode(warningText)) ?? Data("[]".utf8), as: UTF8.self)
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
    try insertCues(vtt.cues.prefix(Self.captionChunk), first: 0, track: trackID)
    if !complete {
      laterCues.append(
        PendingCues(
          track: trackID, cues: Array(vtt.cues.dropFirst(Self.captionChunk)), first: Self.captionChunk,
          modifiedNanoseconds: caption.status.modifiedNanoseconds))
    }
  }

  private func insertCues(_ cues: ArraySlice<WebVTT.Cue>, first: Int, track: Int64) throws {
    for (offset, cue) in cues.enumerated() {
      try connection.execute(
        "INSERT INTO caption_cue (track_id, position, identifier, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?, ?)",
        [
          track, first + offset, cue.identifier, cue.startMilliseconds,
          max(cue.endMilliseconds, cue.startMilliseconds),
          cue.text.unicodeScalars.count > Self.longestCue
            ? String(String.UnicodeScalarView(cue.text.unicodeScalars.prefix(Self.longestCue))) : cue.text,
        ])
    }
  }

  /// The most characters of one cue that are stored and searched.
  static let longestCue = 4_000

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
        [path]), let id = track.int64("id"), (track.int("cues") ?? 0) > Self.captionChunk
    else { return }
    var remaining = track.int("cues") ?? 0
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
    guard let id = try connection.first("SELECT id FROM caption_track WHERE path = ?", [path])?.int64("id")
    else {
      return
    }
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
      guard let path = row.string("path"), inScope(path), !present.contains(PathKey(path)),
        let id = row.int64("id")
      else {
        continue
      }
      try connection.execute("UPDATE recording_path SET missing_since = ? WHERE id = ?", [now, id])
      try AuditLog.append(
        connection, actor: actor, action: "recording.missing",
        subject: try recordingSubject(row.int64("recording_id") ?? 0, path: path),
        after: AuditJSON.object(["path": path]))
      vanished.append(path)
    }
    for row in try connection.query("SELECT path FROM caption_track") {
      guard let path = row.string("path"), inScope(path), !captionsPresent.contains(PathKey(path)) else {
        continue
      }
      try deleteCaptionTrack(path: path)
    }
    return vanished
  }

  /// Re-attributes recordings from their first present path, their tags and the imported
  /// criteria: all of them after a criteria import, or those at some paths after a move.
  ///
  /// - Parameter paths: Only the recordings seen at these paths; nil for every recording.
  /// - Returns: How many recordings changed.
  /// - Throws: ``SQLiteError``.
  @discardableResult
  public func refreshAttribution(paths: [String]? = nil) throws -> Int {
    if let paths, paths.isEmpty { return 0 }
    let attributor = try recordingAttributor()
    var changed = 0
    let only =
      paths.map { paths in
        " WHERE r.id IN (SELECT recording_id FROM recording_path WHERE path IN ("
          + paths.map { _ in "?" }.joined(separator: ", ") + "))"
      } ?? ""
    let rows = try connection.query(
      """
      SELECT r.id, r.tags, r.family, r.family_source, r.component, r.component_source, r.platform, r.platform_source,
        r.assistive_tech, r.assistive_tech_source, r.browser, r.browser_source, r.os_version, r.os_version_source,
        \(Store.primaryPath) AS path
      FROM recording r
      """ + only, paths ?? [])
    for row in rows {
      guard let id = row.int64("id"), let path = row.string("path") else { continue }
      let tags = Self.tags(fromJSON: row.string("tags"))
      let attribution = attributor.attribute(path: path, tags: tags)
      let values = Self.attributionValues(attribution)
      let current: [any SQLBindable] = Self.attributionColumns.map { row.string($0) }
      guard values.map(\.sqlValue) != current.map(\.sqlValue) else { continue }
      try connection.execute(
        "UPDATE recording SET " + Self.attributionColumns.map { "\($0) = ?" }.joined(separator: ", ")
          + " WHERE id = ?", values + [id])
      changed += 1
    }
    return changed
  }

  static let attributionColumns = [
    "family", "family_source", "component", "component_source", "platform", "platform_source",
    "assistive_tech",
    "assistive_tech_source", "browser", "browser_source", "os_version", "os_version_source",
  ]

  static func attributionValues(_ attribution: RecordingAttribution) -> [any SQLBindable] {
    [
      attribution.family, attribution.component, attribution.platform, attribution.assistiveTech,
      attribution.browser, attribution.osVersion,
    ].flatMap { value -> [any SQLBindable] in [value?.value, value?.source.rawValue] }
  }

  static func tagsJSON(_ tags: [String: String]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(tags)) ?? Data("{}".utf8), as: UTF8.self)
  }

  static func tags(fromJSON text: String?) -> [String: String] {
    guard let text, let decoded = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    else {
      return [:]
    }
    return decoded
  }
}
