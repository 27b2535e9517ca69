import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

@testable import ExhibitKit

/// A workspace made at schema 14 (`Fixtures/databases/schema-14-takeover.sqlite`, by the release
/// before file names named documents): `fidelity/native/controls/stepper.md` imported as
/// `native/stepper` revision 1, a pass linked to its Tab item, then `notifications/banner.md`,
/// whose Full information link points at stepper, imported as revision 2 of `native/stepper`, and
/// a fail linked to the banner's Enter item. Schema migration 16 gives the banner its own name.
@Suite struct TakeoverRepairTests {
  static func openUpgraded() throws -> (Store, URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "takeover-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let database = folder.appendingPathComponent("exhibit.sqlite")
    try FileManager.default.copyItem(
      at: Repository.root.appendingPathComponent(
        "Tests/ExhibitKitTests/Fixtures/databases/schema-14-takeover.sqlite"),
      to: database)
    let raw = try Connection(path: database.path, mode: .readWrite)
    #expect(try raw.userVersion == 14)
    try raw.close()
    return (try Store.open(at: database.path, access: .write), folder)
  }

  @Test func theTakenOverComponentGetsItsOwnRevisionBackAndTheLinksStay() throws {
    let (store, folder) = try Self.openUpgraded()
    defer {
      try? store.close()
      try? FileManager.default.removeItem(at: folder)
    }
    let documents = try store.criteriaDocuments()
    #expect(documents.map(\.component) == ["native/banner", "native/stepper"])
    #expect(documents.map(\.revision) == [1, 1])
    #expect(documents.map(\.itemCount) == [4, 7])
    #expect(try store.resolveComponent("banner").description == "native/banner")

    let pass = try store.evidenceLink(1)
    #expect(pass.item == "native/stepper#keyboard.tab")
    #expect(pass.verdict == .pass)
    let fail = try store.evidenceLink(2)
    #expect(fail.item == "native/banner#keyboard.enter")
    #expect(fail.verdict == .fail)
    #expect(fail.revision == 1)
    let banner = try store.coverage(try store.resolveComponent("native/banner"))
    #expect(banner.items.count == 4)

    let rekey = try #require(try store.history("native/banner").first { $0.action == "criteria.rekey" })
    #expect(rekey.before?.contains("native/stepper") == true)
    // The trail replays to the tables: nothing looks edited behind it.
    let report = try store.verifyWorkspace()
    #expect(report.problems.isEmpty, "\(report.problems)")
  }
}
