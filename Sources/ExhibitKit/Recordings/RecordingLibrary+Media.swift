import ExhibitSQLite
import ExhibitStorage

extension RecordingLibrary {
  /// The present file holding a recording's bytes, found by its full SHA-256.
  ///
  /// - Returns: The first path not marked missing, or nil when the SHA-256 names no recording,
  ///   a recording that could not be read (`error`: nothing of it is served), or every path it
  ///   was seen at is missing.
  /// - Throws: ``SQLiteError`` or ``RowDecodingError``.
  package func mediaFile(sha256: String) throws -> MediaFile? {
    try connection.first(
      """
      SELECT p.path, p.size, p.mtime_ns, p.inode, p.device, r.container FROM recording r
      JOIN recording_path p ON p.recording_id = r.id
      WHERE r.sha256 = ? AND r.status <> 'error' AND p.missing_since IS NULL ORDER BY p.id LIMIT 1
      """, [sha256]
    ).map { row in
      try RowDecodingError.reading("recording_path") {
        var file = MediaFile(
          path: try row.decode("path"), size: try row.decode("size"),
          modificationNanoseconds: try row.decode("mtime_ns"), container: try row.decode("container"),
          language: nil)
        file.inode = try row.decode("inode") as Int64? ?? 0
        file.device = try row.decode("device") as Int64? ?? 0
        return file
      }
    }
  }

  /// A recording's caption tracks in the order ``recordingDetail(id:)`` lists them.
  /// - Throws: ``SQLiteError`` or ``RowDecodingError``.
  package func captionFiles(sha256: String) throws -> [MediaFile] {
    try connection.query(
      """
      SELECT t.path, t.size, t.mtime_ns, t.language, t.sha256 FROM caption_track t
      JOIN recording r ON r.id = t.recording_id WHERE r.sha256 = ? ORDER BY t.path
      """, [sha256]
    ).map { row in
      try RowDecodingError.reading("caption_track") {
        MediaFile(
          path: try row.decode("path"), size: try row.decode("size"),
          modificationNanoseconds: try row.decode("mtime_ns"), container: nil,
          language: try row.decode("language"), sha256: try row.decode("sha256"))
      }
    }
  }
}

extension RecordingLibrary {
  /// The SHA-256 of the recording seen at an absolute path, as search hits and coverage name
  /// recordings by path; nil when nothing was catalogued there or it could not be hashed.
  /// - Throws: ``SQLiteError`` or ``RowDecodingError``.
  func sha256(atPath path: String) throws -> String? {
    try connection.first(
      "SELECT r.sha256 FROM recording_path p JOIN recording r ON r.id = p.recording_id WHERE p.path = ?",
      [path]
    )?.decode("sha256")
  }
}
