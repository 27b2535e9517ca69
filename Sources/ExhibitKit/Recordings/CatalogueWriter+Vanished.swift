import ExhibitStorage
import Foundation

// Files that are gone: marked missing, never deleted.
extension CatalogueWriter {
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
      try connection.appendAudit(
        actor: actor, action: "recording.missing",
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
}
