import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// A database made by Exhibit 0.6.0 (`Fixtures/databases/release-0.6.0-prose-names.sqlite`):
/// `naming/native/inputs/segment-picker.md` (since renamed `segmented-control.md`) imported as `native/segemented-control-tabs`, as
/// that release named components after their prose, its recording catalogued, two links on it
/// (a pass with a segment, a fail) and a third retracted. Schema migration 3 re-keys it.
@Suite struct ComponentRekeyingTests {
  static let oldName = "native/segemented-control-tabs"
  static let newName = "native/segmented-control"

  /// A copy of the old database in a temporary folder, its document path pointing at the
  /// fixture (or at nothing, to stand for a document that has since gone).
  struct OldWorkspace {
    let folder: URL
    var database: String { folder.appendingPathComponent("exhibit.sqlite").path }

    init(documentStillThere: Bool) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("rekey-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: Repository.root.appendingPathComponent(
          "Tests/ExhibitKitTests/Fixtures/databases/release-0.6.0-prose-names.sqlite"),
        to: URL(fileURLWithPath: database))
      // Opened without migrating: the file stays as 0.6.0 left it but for where the document is.
      let raw = try Connection(path: database, mode: .readWrite)
      #expect(try raw.userVersion == 2)
      let documentPath =
        documentStillThere
        ? CriteriaFixtures.segmentedControlMarkdown.path
        : folder.appendingPathComponent("gone/native/inputs/segment-picker.md").path
      try raw.execute("UPDATE criteria_document SET source_path = ?", [documentPath])
      try raw.close()
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  @Test func aProseNamedComponentTakesItsLinkNameAndKeepsItsEvidence() throws {
    let old = try OldWorkspace(documentStillThere: true)
    defer { old.remove() }
    let store = try Store.open(at: old.database, access: .write)
    defer { try? store.close() }

    let documents = try store.criteriaDocuments()
    #expect(documents.map(\.component.description) == [Self.newName])
    #expect(documents.first?.revision == 1)
    #expect(
      Set(documents.first?.aliases ?? []) == [
        Self.oldName, "native/controls/segmented-control", "native/inputs/segmented-control",
      ])
    let keys = try store.connection.query("SELECT key FROM criteria_item").compactMap { $0.string("key") }
    #expect(keys.count == 12)
    #expect(keys.allSatisfy { $0.hasPrefix(Self.newName + "#") })

    // The links, their verdicts, segment and retraction are as they were.
    let coverage = try store.coverage(try #require(ComponentID(Self.newName)))
    let byKey = Dictionary(uniqueKeysWithValues: coverage.items.map { ($0.key.description, $0) })
    let role = try #require(byKey["\(Self.newName)#screenreader.role"])
    #expect(role.cells.first { $0.platform == .ios }?.verdict == .pass)
    #expect(role.cells.first { $0.platform == .ios }?.segments.first?.fromSeconds == 0.4)
    #expect(byKey["\(Self.newName)#keyboard.tab-or-arrow-keys"]?.verdict == .fail)
    #expect(byKey["\(Self.newName)#gestures.swipe"]?.cells.allSatisfy { $0.verdict == nil } == true)
    let retracted = try store.connection.first(
      "SELECT count(*) AS n FROM evidence_link WHERE retracted_at IS NOT NULL")?.int("n")
    #expect(retracted == 1)

    // The recording follows its component.
    #expect(try store.recordings(component: try #require(ComponentID(Self.newName))).count == 1)

    // The rename is audited and the chain still holds.
    let chain = try store.verifyAuditChain()
    #expect(chain.valid)
    // The tables still hold what the trail records, the rename replayed.
    #expect(try store.verifyWorkspace().problems == [])
    // Seven events of the old workspace and the rename, then version 14's baselines: one for the
    // document, one for the recording; then version 17's product and audit its links moved into.
    #expect(chain.events == 11)
    let history = try store.history()
    #expect(
      history.suffix(4).map(\.action) == [
        "criteria.baseline", "recording.baseline", "product.create", "audit.create",
      ])
    let rename = try #require(history.last { $0.action == "component.rename" })
    #expect(rename.subject == Self.newName)
    #expect(rename.before?.contains(Self.oldName) == true)
  }

  @Test func oldNamesAndOldItemKeysStillResolve() throws {
    let old = try OldWorkspace(documentStillThere: true)
    defer { old.remove() }
    let store = try Store.open(at: old.database, access: .write)
    defer { try? store.close() }
    for name in [
      Self.oldName, "segemented-control-tabs", "segmented-control",
      "native/controls/segmented-control", "controls/segmented-control",
    ] {
      #expect(try store.resolveComponent(name).description == Self.newName, "\(name)")
    }
    #expect(
      try store.resolveItemKey("\(Self.oldName)#screenreader.role") == "\(Self.newName)#screenreader.role")
    // Events from before the rename name the old key; history under either name finds them.
    let itemHistory = try store.history("\(Self.oldName)#screenreader.role")
    #expect(itemHistory.map(\.action) == ["link.create"])
    #expect(try store.history("\(Self.newName)#screenreader.role") == itemHistory)
    let componentHistory = try store.history(Self.newName).map(\.action)
    #expect(componentHistory.first == "criteria.import")
    #expect(componentHistory.contains("component.rename"))
    #expect(componentHistory.filter { $0 == "link.create" }.count == 3)
  }

  @Test func reimportingTheSameDocumentAfterTheRenameChangesNothing() throws {
    let old = try OldWorkspace(documentStillThere: true)
    defer { old.remove() }
    let store = try Store.open(at: old.database, access: .write)
    defer { try? store.close() }
    let document = try CriteriaFixtures.document(CriteriaFixtures.segmentedControlMarkdown)
    let outcomes = try store.importCriteria([document], actor: "t")
    #expect(outcomes == [.unchanged(component: Self.newName, format: .magentaMarkdown, revision: 1)])
  }

  @Test func withoutItsDocumentAComponentTakesItsFileName() throws {
    let old = try OldWorkspace(documentStillThere: false)
    defer { old.remove() }
    let store = try Store.open(at: old.database, access: .write)
    defer { try? store.close() }
    #expect(try store.criteriaDocuments().map(\.component) == ["native/segment-picker"])
    #expect(try store.resolveComponent(Self.oldName) == "native/segment-picker")
    #expect(try store.coverage("native/segment-picker").items.count == 12)
  }

  @Test func aNameGivenByTheUserIsKept() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rekey-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("exhibit.sqlite").path
    let store = try Store.open(at: path, access: .write)
    defer { try? store.close() }
    let parser = CriteriaParser(componentOverride: (.native, "segments"))
    _ = try store.importCriteria(
      [try CriteriaFixtures.document(CriteriaFixtures.segmentedControlMarkdown, parser: parser)], actor: "t")
    // Running the step again (as on a database a 0.6.0 import wrote) renames nothing.
    try store.connection.transaction { try ComponentRekeying.run(on: store.connection) }
    #expect(try store.criteriaDocuments().map(\.component) == ["native/segments"])
  }
}
