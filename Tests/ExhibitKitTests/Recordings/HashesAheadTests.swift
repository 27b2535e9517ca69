import Foundation
import Testing

@testable import ExhibitKit

/// Hashes made while a new catalogue's database is made: each the hasher's own, each file
/// hashed once, and a file asked for again, or never begun ahead, is the caller's to hash.
@Suite struct HashesAheadTests {
  @Test func hashesMadeAheadAreTheHashersAndEachFileIsTakenOnce() throws {
    let folder = try TemporaryFolder()
    let paths = try (0..<12).map { index in
      try folder.write(
        "copy\(index).webm",
        Data((0..<(20_000 + index * 997)).map { UInt8(truncatingIfNeeded: $0 &* (index + 3)) }))
    }
    let missing = folder.url.appendingPathComponent("gone.webm").path
    let ahead = HashesAhead(paths: paths + [missing])
    ahead.begin(threads: 2)
    ahead.awaitThreads()
    for path in paths {
      guard case .hashed(let digest) = ahead.take(path) else {
        Issue.record("\(path) was not hashed ahead")
        continue
      }
      #expect(digest == (try FileHasher().hash(path)))
      // Taken once: a second asker hashes it itself.
      #expect(ahead.take(path) == nil)
    }
    guard case .finished(.notAFile) = ahead.take(missing) else {
      Issue.record("a missing file is read as not a file, ahead as by the catalogue")
      return
    }
  }

  @Test func nothingIsBegunAfterTheCatalogueStarts() throws {
    let folder = try TemporaryFolder()
    let paths = try (0..<4).map { try folder.write("late\($0).webm", Data(count: 4096 + $0)) }
    let ahead = HashesAhead(paths: paths)
    ahead.stop()
    ahead.begin(threads: 2)
    ahead.awaitThreads()
    for path in paths { #expect(ahead.take(path) == nil) }
  }
}
