import ExhibitSQLite
import ExhibitStorage
import Foundation

extension CatalogueWriter {
  /// Remembers caption files that have no recording beside them, by path, size and modification
  /// time, so that a catalogue warns about each once rather than on every run; a file that
  /// changes is new again, and a path that is no longer an orphan is forgotten.
  ///
  /// - Parameter paths: The caption files without a video this catalogue found.
  /// - Returns: Those not noted before in the same state.
  /// - Throws: The engine's error.
  func noteOrphanCaptions(_ paths: [String]) throws -> [String] {
    try connection.transaction {
      var fresh: [String] = []
      let now = Timestamp.string(Date())
      for path in paths {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes?[.modificationDate] as? Date).map(Timestamp.string) ?? ""
        let known = try connection.first(
          "SELECT 1 AS known FROM caption_orphan WHERE path = ? AND size = ? AND modified = ?",
          [path, size, modified])
        if known != nil { continue }
        fresh.append(path)
        try connection.execute("DELETE FROM caption_orphan WHERE path = ?", [path])
        try connection.execute(
          "INSERT INTO caption_orphan (path, size, modified, noted_at) VALUES (?, ?, ?, ?)",
          [path, size, modified, now])
      }
      // A caption that found its video is no orphan: should the video go, it is news again.
      try connection.execute(
        "DELETE FROM caption_orphan WHERE path IN (SELECT path FROM caption_track)")
      return fresh
    }
  }
}

extension CatalogueWriter {
  /// Remembers orphan caption files in the catalogue `sql` reaches (``noteOrphanCaptions(_:)``).
  /// - Returns: Those not noted before in the same state.
  /// - Throws: The backend's error.
  package static func noteOrphanCaptions(_ paths: [String], in sql: any CatalogueSQL) throws -> [String] {
    try CatalogueWriter(connection: sql).noteOrphanCaptions(paths)
  }
}
