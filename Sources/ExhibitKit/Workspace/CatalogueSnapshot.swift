import ExhibitStorage
import Foundation

/// A catalogue from another backend, read in one snapshot (``CatalogueStorage/catalogueRows()``)
/// and loaded into a scratch SQLite database in a temporary folder, for the work that is done on
/// a catalogue as one still whole: checking it as `exhibit verify` does, and gathering bundles
/// from it. A PostgreSQL catalogue's bundles are gathered, checked and written by the code that
/// makes a workspace's, from a state that no writer changes while they are made.
public final class CatalogueSnapshot {
  /// The scratch workspace database holding the snapshot's rows.
  public let store: Store
  /// The temporary folder it is in.
  private let folder: URL

  /// Loads `rows` into a new scratch database.
  /// - Throws: ``SQLiteError`` or ``WorkspaceError`` when it cannot be made; nothing is left then.
  public init(_ rows: CatalogueRows) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-snapshot-\(UUID())")
    let path = folder.appendingPathComponent("exhibit.sqlite").path
    do {
      // Its owner's only: the copy holds the accounts' password hashes too.
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      store = try Store.open(at: path, access: .write)
    } catch {
      try? FileManager.default.removeItem(at: folder)
      throw error
    }
    do {
      try store.insertCatalogueRows(rows)
    } catch {
      remove()
      throw error
    }
  }

  /// Closes the scratch database and deletes its folder.
  public func remove() {
    try? store.close()
    try? FileManager.default.removeItem(at: folder)
  }
}
