import ExhibitStorage
import Foundation

/// The catalogue's record of what an evidence store holds (`stored_object`), and what it still
/// lacks of the recordings and caption files catalogued at present paths.
struct StoredObjectLedger {
  let connection: any CatalogueSQL

  /// One object the store holds, or should.
  struct Object: Sendable, Hashable {
    var sha256: String
    var kind: StoredObjectKind
    var size: Int64
    /// A present path its bytes can be read from.
    var path: String
  }

  /// Records `objects` as held by the store at `location`, in one transaction.
  func record(_ objects: [Object], location: String) throws {
    guard !objects.isEmpty else { return }
    let now = Timestamp.string(Date())
    try connection.transaction {
      for object in objects {
        try connection.execute(
          "INSERT INTO stored_object (location, sha256, kind, size, stored_at) VALUES (?, ?, ?, ?, ?) "
            + "ON CONFLICT DO NOTHING",
          [location, object.sha256, object.kind.rawValue, object.size, now])
      }
    }
  }

  /// Whether the store at `location` is recorded as holding `sha256`.
  func holds(_ sha256: String, location: String) throws -> Bool {
    try connection.first(
      "SELECT 1 AS held FROM stored_object WHERE location = ? AND sha256 = ?", [location, sha256]) != nil
  }

  /// The readable recordings and caption files of present paths that the store at `location` is
  /// not recorded as holding, one path each; `paths` limits them to those (nil: every one).
  func unstored(location: String, among paths: Set<PathKey>?) throws -> [Object] {
    let recordings = try connection.query(
      """
      SELECT r.sha256, r.size, p.path FROM recording r JOIN recording_path p ON p.recording_id = r.id
      WHERE p.missing_since IS NULL AND r.status <> 'error' AND r.sha256 IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM stored_object o WHERE o.location = ? AND o.sha256 = r.sha256)
      ORDER BY p.path
      """, [location])
    let captions = try connection.query(
      """
      SELECT t.sha256, t.size, t.path, p.path AS video FROM caption_track t
        JOIN recording_path p ON p.recording_id = t.recording_id AND p.missing_since IS NULL
      WHERE NOT EXISTS (SELECT 1 FROM stored_object o WHERE o.location = ? AND o.sha256 = t.sha256)
      ORDER BY t.path
      """, [location])
    var seen = Set<String>()
    var objects: [Object] = []
    for (rows, kind) in [(recordings, StoredObjectKind.recording), (captions, .caption)] {
      for row in rows {
        let path: String = try row.decode("path")
        let video: String = kind == .caption ? try row.decode("video") : path
        if let paths, !paths.contains(PathKey(video)) { continue }
        let sha: String = try row.decode("sha256")
        guard seen.insert(sha).inserted else { continue }
        objects.append(Object(sha256: sha, kind: kind, size: try row.decode("size"), path: path))
      }
    }
    return objects
  }

  /// Gives the store every readable recording and caption file of present paths it is not
  /// recorded as holding (`paths` limits them to those; nil for every one), four at a time, and
  /// records them in batches as they land.
  /// - Returns: How many it recorded, and the files the store did not take.
  func storeMissing(in storage: any EvidenceStorage, among paths: Set<PathKey>?, batchSize: Int) async throws
    -> (stored: Int, problems: [CatalogueProblem])
  {
    let missing = try unstored(location: storage.location, among: paths)
    var stored = 0
    var problems: [CatalogueProblem] = []
    for start in stride(from: 0, to: missing.count, by: max(1, batchSize)) {
      let batch = missing[start..<min(missing.count, start + max(1, batchSize))]
      let outcomes = await withTaskGroup(of: (Object, String?).self) { group in
        var outcomes: [(Object, String?)] = []
        var next = batch.makeIterator()
        func add() -> Bool {
          guard let object = next.next() else { return false }
          group.addTask {
            do {
              try await storage.store(fileAt: object.path, sha256: object.sha256, kind: object.kind)
              return (object, nil)
            } catch {
              return (object, "\(error)")
            }
          }
          return true
        }
        for _ in 0..<4 where add() {}
        while let outcome = await group.next() {
          outcomes.append(outcome)
          _ = add()
        }
        return outcomes
      }
      let held = outcomes.filter { $0.1 == nil }.map(\.0)
      try record(held, location: storage.location)
      stored += held.count
      problems += outcomes.compactMap { object, error in
        error.map { CatalogueProblem(path: object.path, message: "not stored in \(storage.location): \($0)") }
      }
    }
    return (stored, problems.sorted { $0.path < $1.path })
  }
}
