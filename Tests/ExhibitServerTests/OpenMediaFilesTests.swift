import ExhibitKit
import Foundation
import Testing

@testable import ExhibitServer

/// ``OpenMediaFiles`` keeps a recording's descriptor open between answers, and never lends one
/// for a path that is no longer the file catalogued.
@Suite struct OpenMediaFilesTests {
  /// A folder of files for one test, removed when it ends.
  final class Folder {
    let url: URL
    init() throws {
      url = FileManager.default.temporaryDirectory.appendingPathComponent("open-media-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to `name` and returns the file as a catalogue records it.
    func write(_ name: String, _ bytes: String, recordingInode: Bool = true) throws -> MediaFile {
      let path = url.appendingPathComponent(name).path
      try Data(bytes.utf8).write(to: URL(fileURLWithPath: path))
      return try catalogued(path, recordingInode: recordingInode)
    }

    /// The file at `path` as a catalogue records it now.
    func catalogued(_ path: String, recordingInode: Bool = true) throws -> MediaFile {
      var status = stat()
      guard lstat(path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
      var file = MediaFile(
        path: path, size: Int64(status.st_size),
        modificationNanoseconds: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
        container: "matroska,webm", language: nil)
      if recordingInode {
        file.inode = Int64(bitPattern: UInt64(status.st_ino))
        file.device = Int64(bitPattern: UInt64(status.st_dev))
      }
      return file
    }
  }

  /// What a lent descriptor reads from its start.
  static func contents(_ lease: OpenMediaFiles.Lease) throws -> String {
    try lease.file.withUnsafeFileDescriptor { try contents($0) }
  }

  /// What a descriptor reads from its start.
  static func contents(_ descriptor: CInt, count: Int = 64) throws -> String {
    var buffer = [UInt8](repeating: 0, count: count)
    let read = pread(descriptor, &buffer, count, 0)
    return String(decoding: buffer.prefix(max(read, 0)), as: UTF8.self)
  }

  @Test func aPlayersNextRangeReusesTheDescriptor() throws {
    let folder = try Folder()
    let media = try folder.write("a.webm", "first recording")
    let files = OpenMediaFiles()
    let first = try #require(files.lend(media))
    first.end()
    let second = try #require(files.lend(media))
    #expect(first.kept === second.kept, "the second answer opened the file again")
    #expect(second.kept.isOpen)
    #expect(try Self.contents(second) == "first recording")
    second.end()
    #expect(files.count == 1)
    // Given back, a kept descriptor stays open for the next answer.
    #expect(second.kept.isOpen)
  }

  /// Answers on two event loops send from one kept descriptor at once: each has a handle of its
  /// own, which NIO lets it use while the other's is in use.
  @Test func twoAnswersSendFromTheDescriptorAtOnce() throws {
    let folder = try Folder()
    let media = try folder.write("a.webm", "first recording")
    let files = OpenMediaFiles()
    let first = try #require(files.lend(media))
    let second = try #require(files.lend(media))
    #expect(first.kept === second.kept)
    let read = try first.file.withUnsafeFileDescriptor { outer in
      try second.file.withUnsafeFileDescriptor { inner in
        #expect(outer == inner)
        return try Self.contents(first.kept.descriptor)
      }
    }
    #expect(read == "first recording")
    first.end()
    second.end()
    #expect(!first.file.isOpen && !second.file.isOpen, "an answer's handle was left open")
    #expect(first.kept.isOpen, "the kept descriptor was closed with an answer's handle")
  }

  @Test func aFileChangedInPlaceIsNotLentAndItsDescriptorIsClosed() throws {
    let folder = try Folder()
    let media = try folder.write("a.webm", "first recording")
    let files = OpenMediaFiles()
    let lease = try #require(files.lend(media))
    lease.end()
    // Same inode, new bytes and a new time: no longer the file catalogued.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: media.path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(" and more".utf8))
    try handle.close()
    #expect(files.lend(media) == nil)
    #expect(!lease.kept.isOpen)
    #expect(files.count == 0)
  }

  @Test func aDeletedOrLinkedPathIsNotLent() throws {
    let folder = try Folder()
    let media = try folder.write("a.webm", "first recording")
    let secret = try folder.write("secret.txt", "not a recording")
    let files = OpenMediaFiles()
    let lease = try #require(files.lend(media))
    lease.end()
    try FileManager.default.removeItem(atPath: media.path)
    #expect(files.lend(media) == nil)
    #expect(!lease.kept.isOpen, "a deleted recording's descriptor was kept")
    try FileManager.default.createSymbolicLink(atPath: media.path, withDestinationPath: secret.path)
    #expect(files.lend(media) == nil)
    #expect(files.count == 0)
  }

  /// A catalogue that recorded no inode accepts another file of the same size and time at the path
  /// (the route's rule); the keeper then reads that file, not the one its descriptor was opened on.
  @Test func anotherFileAtThePathIsOpenedAnew() throws {
    let folder = try Folder()
    let media = try folder.write("a.webm", "first recording", recordingInode: false)
    let files = OpenMediaFiles()
    let before = try #require(files.lend(media))
    let replacement = folder.url.appendingPathComponent("b.webm").path
    try Data("other recording".utf8).write(to: URL(fileURLWithPath: replacement))
    var original = stat()
    #expect(lstat(media.path, &original) == 0)
    let times = [original.st_atim, original.st_mtim]
    #expect(utimensat(AT_FDCWD, replacement, times, 0) == 0)
    #expect(rename(replacement, media.path) == 0)
    let sameTime = try folder.catalogued(media.path, recordingInode: false)
    try #require(sameTime == media, "the replacement's size and time differ from the catalogued file's")
    let after = try #require(files.lend(media))
    #expect(after.kept !== before.kept)
    #expect(try Self.contents(after) == "other recording")
    // The descriptor being sent from is closed only once its answer is out.
    #expect(before.kept.isOpen)
    #expect(try Self.contents(before) == "first recording")
    before.end()
    #expect(!before.kept.isOpen)
    after.end()
    #expect(after.kept.isOpen)
  }

  @Test func keepsNoMoreThanItsCapacity() throws {
    let folder = try Folder()
    let files = OpenMediaFiles(capacity: 3)
    var leases: [OpenMediaFiles.Lease] = []
    for number in 0..<5 {
      let media = try folder.write("\(number).webm", "recording \(number)")
      let lease = try #require(files.lend(media))
      lease.end()
      leases.append(lease)
    }
    #expect(files.count == 3)
    // The two lent longest ago were closed; the last three are kept.
    #expect(leases.map(\.kept.isOpen) == [false, false, true, true, true])
    // Lending the oldest kept one again makes it the newest: the next new file evicts another.
    let third = try folder.catalogued(folder.url.appendingPathComponent("2.webm").path)
    let again = try #require(files.lend(third))
    again.end()
    #expect(again.kept === leases[2].kept)
    let sixth = try folder.write("5.webm", "recording 5")
    try #require(files.lend(sixth)).end()
    #expect(leases.map(\.kept.isOpen) == [false, false, true, false, true])
  }

  @Test func closeAllClosesEveryDescriptorAndKeepsNoneAfter() throws {
    let folder = try Folder()
    let media = try folder.write("a.webm", "first recording")
    let files = OpenMediaFiles()
    let inFlight = try #require(files.lend(media))
    files.closeAll()
    #expect(inFlight.kept.isOpen, "a descriptor was closed under its answer")
    inFlight.end()
    #expect(!inFlight.kept.isOpen)
    let later = try #require(files.lend(media))
    #expect(files.count == 0)
    later.end()
    #expect(!later.kept.isOpen)
  }
}
