import Foundation
import Testing

@testable import ExhibitKit

@Suite struct FileHasherTests {
  /// `sha256sum`'s reading of a file.

  @Test(arguments: SampleWorkspace.samples)
  func matchesSha256sum(relative: String) throws {
    let path = Repository.root.appendingPathComponent(relative).path
    let digest = try FileHasher().hash(path)
    #expect(digest.sha256 == (try SampleWorkspace.sha256sum(path)))
    #expect(digest.status.size == Int64(try Data(contentsOf: URL(fileURLWithPath: path)).count))
  }

  @Test func smallBlocksGiveTheSameHash() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("big.bin", Data((0..<300_001).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
    var hasher = FileHasher()
    hasher.blockSize = 4096
    #expect(try hasher.hash(path).sha256 == (try SampleWorkspace.sha256sum(path)))
    #expect(try FileHasher().hash(path).sha256 == (try SampleWorkspace.sha256sum(path)))
  }

  @Test func aFileThatGrowsWhileReadIsRefused() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("growing.webm", Data(count: 64 * 1024))
    var hasher = FileHasher()
    hasher.blockSize = 4096
    hasher.afterBlock = { read in
      guard read == 8192, let handle = FileHandle(forWritingAtPath: path) else { return }
      handle.seekToEndOfFile()
      handle.write(Data("more".utf8))
      try? handle.close()
    }
    #expect {
      try hasher.hash(path)
    } throws: { error in
      (error as? HashError)?.changedWhileReading == true
    }
  }

  @Test func aFileChangedSinceItWasProbedIsRefused() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("a.webm", Data(count: 1000))
    let before = try #require(FileStatus.of(path))
    try Data(count: 2000).write(to: URL(fileURLWithPath: path))
    #expect {
      try FileHasher().hash(path, expecting: before)
    } throws: { error in
      (error as? HashError)?.changedWhileReading == true
    }
  }

  @Test func foldersAndFIFOsAreNotHashed() throws {
    let folder = try TemporaryFolder()
    let fifo = folder.path("pipe.webm")
    #expect(mkfifo(fifo, 0o644) == 0)
    #expect(throws: HashError.self) { try FileHasher().hash(fifo) }
    #expect(throws: HashError.self) { try FileHasher().hash(folder.url.path) }
  }
}
