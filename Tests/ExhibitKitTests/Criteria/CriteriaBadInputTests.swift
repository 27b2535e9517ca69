import Foundation
import Testing

@testable import ExhibitKit

@Suite struct CriteriaBadInputTests {
  private func error(_ bytes: [UInt8], path: String = "bad.md") -> CriteriaParseError? {
    #expect(throws: CriteriaParseError.self) { _ = try CriteriaParser().parse(bytes: bytes, path: path) }
    do {
      _ = try CriteriaParser().parse(bytes: bytes, path: path)
      return nil
    } catch let error as CriteriaParseError {
      return error
    } catch {
      return nil
    }
  }

  @Test func emptyAndBlankFiles() {
    #expect(error([])?.reason == "empty document")
    #expect(error(Array(" \n\r\n\t".utf8))?.line == 1)
  }

  @Test func binaryBytesNameTheirLine() {
    let bytes = Array("## General Notes\n\nline three\0 here".utf8)
    let found = error(bytes)
    #expect(found?.line == 3)
    #expect(found?.reason.contains("binary") == true)
  }

  @Test func invalidUTF8NamesItsLine() {
    let bytes =
      Array("## Condensed\r\n- Tab: fine\r\n- Enter: ".utf8) + [0xC3, 0x28] + Array(" broken\n".utf8)
    let found = error(bytes)
    #expect(found?.line == 3)
    #expect(found?.reason.contains("UTF-8") == true)
  }

  @Test func frontMatterThatNeverCloses() {
    let found = error(Array("---\ntitle: Checkbox\nkeyboard:\n  tab: Focus\n".utf8))
    #expect(found?.line == 1)
    #expect(found?.reason.contains("never closed") == true)
  }

  @Test func aliasBombIsRefusedBeforeItExpands() throws {
    let url = CriteriaFixtures.fixture("alias-bomb.md")
    let started = ContinuousClock.now
    let found = error(Array(try Data(contentsOf: url)), path: url.path)
    #expect(found?.reason.contains("aliases") == true)
    #expect(found?.path == url.path)
    // Not a timing assertion on the happy path: a bomb that expanded would take minutes and
    // gigabytes; refusing it must not take seconds.
    #expect(started.duration(to: .now) < .seconds(5))
  }

  @Test func brokenYAMLNamesTheLine() {
    let found = error(Array("---\ntitle: \"Checkbox\nkeyboard: [\n---\n".utf8))
    #expect(found?.reason.hasPrefix("YAML") == true)
    #expect((found?.line ?? 0) >= 2)
  }

  @Test func frontMatterWithAListWhereAMapBelongs() {
    let found = error(Array("---\ntitle: Checkbox\nkeyboard:\n  - tab\n---\n".utf8))
    #expect(found?.reason.contains("keyboard") == true)
  }

  @Test func aTenMegabyteLineIsRefused() {
    var bytes = Array("## Condensed\n- Tab: ".utf8)
    bytes += [UInt8](repeating: 0x61, count: 10 << 20)
    let found = error(bytes)
    #expect(found?.line == 2)
    #expect(found?.reason.contains("line longer") == true)
  }

  @Test func readingAFolderOrAMissingFileIsAnErrorInTheBatch() throws {
    let folder = try TemporaryFolder()
    try folder.write("docs/good.md", try String(contentsOf: CriteriaFixtures.sampleMarkdown, encoding: .utf8))
    try folder.write("docs/empty.md", "")
    let batch = CriteriaFiles.read(
      [folder.path("docs"), folder.path("missing.md")], parser: CriteriaParser())
    #expect(batch.documents.map(\.componentID) == ["native/checkbox"])
    #expect(Set(batch.errors.map(\.path)) == [folder.path("docs/empty.md"), folder.path("missing.md")])
  }

  @Test func aFIFOIsRefusedWithoutBlocking() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("pipe.md")
    #expect(mkfifo(path, 0o644) == 0)
    let batch = CriteriaFiles.read([path], parser: CriteriaParser())
    #expect(batch.errors.first?.reason == "not a regular file")
  }
}

@Suite struct CriteriaFileReadingTests {
  @Test func aSymbolicLinkToADocumentIsRead() throws {
    let folder = try TemporaryFolder()
    let link = folder.path("linked.md")
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: CriteriaFixtures.sampleMarkdown.path)
    let batch = CriteriaFiles.read([link], parser: CriteriaParser())
    #expect(batch.errors.isEmpty)
    #expect(batch.documents.map(\.componentID) == ["native/checkbox"])
  }
}
