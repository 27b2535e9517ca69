import ExhibitStorage
import Foundation

// Caption tracks and their cues, a chunk per transaction for long ones.
extension CatalogueWriter {
  func storeCaption(
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
    let trackID = try connection.insertReturningID(
      """
      INSERT INTO caption_track (recording_id, path, language, sha256, size, mtime_ns, warnings)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      [
        recordingID, caption.caption.path, caption.caption.language, caption.sha256, caption.status.size,
        complete ? caption.status.modifiedNanoseconds : -1, warningsJSON,
      ])
    // The cues in the form they are stored, made once for the rows and the audit event.
    let cues = vtt.cues.map(StoredCue.init)
    if let sha = try storedSHA256(of: recordingID) {
      try connection.appendAudit(
        actor: actor, action: "caption.index", subject: "recording:\(sha)",
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

  func insertCues(_ cues: ArraySlice<StoredCue>, first: Int, track: Int64) throws {
    for (offset, stored) in cues.enumerated() {
      try connection.execute(
        "INSERT INTO caption_cue (track_id, position, identifier, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?, ?)",
        [
          track, first + offset, stored.identifier, stored.startMilliseconds, stored.endMilliseconds,
          stored.text,
        ])
    }
  }

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
}
