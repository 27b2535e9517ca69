import ExhibitKit
import Foundation
import Testing

/// A catalogue's snapshot (``CatalogueSnapshot``): another backend's rows in a scratch workspace
/// database its owner alone can read, holding what was read, gone once removed.
@Suite struct CatalogueSnapshotTests {
  @Test func holdsTheRowsInAFolderOfItsOwnerOnlyAndLeavesNothing() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "exhibit-snapshot-test-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try Store.open(at: folder.appendingPathComponent("exhibit.sqlite").path, access: .write)
    defer { try? source.close() }
    try source.addProduct(name: "Acme App", platforms: [.ios], actor: "Ana")
    let rows = try source.catalogueRows()
    let snapshot = try CatalogueSnapshot(rows)
    let scratch = (snapshot.store.path as NSString).deletingLastPathComponent
    let permissions = try FileManager.default.attributesOfItem(atPath: scratch)[.posixPermissions] as? Int
    #expect(permissions == 0o700)
    #expect(try snapshot.store.products().map(\.name) == ["Acme App"])
    #expect(try snapshot.store.catalogueRows() == rows)
    snapshot.remove()
    #expect(!FileManager.default.fileExists(atPath: scratch))
  }
}
