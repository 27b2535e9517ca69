import ExhibitModel
import Foundation

/// Zip archives with stored (uncompressed) entries: webm does not compress, and storing keeps the
/// archive byte-for-byte reproducible. Writing is deterministic (sorted entries, one fixed
/// timestamp, fixed attributes, no extra fields); reading checks every name and CRC.
enum StoredZip {
  /// One entry read from a central directory.
  struct Entry: Sendable {
    var name: String
    /// The name's bytes as the central directory holds them.
    var nameBytes: [UInt8] = []
    var method: UInt16
    var crc: UInt32
    var compressedSize: UInt32
    var size: UInt32
    var externalAttributes: UInt32
    var localHeaderOffset: UInt32
    /// Where the next entry (or the central directory) starts: this entry's bytes must end
    /// before it. Entries that share bytes are how a small zip unpacks to terabytes.
    var limit: UInt64 = 0

    var isSymbolicLink: Bool { (externalAttributes >> 16) & 0o170000 == 0o120000 }
    var isDirectory: Bool { name.hasSuffix("/") }
  }

  // Long: writes the zip in file order: each entry's header and data, then the central directory, then its end record.
  /// Writes `files` (paths relative to `root`, in the archive under `prefix/`) to `destination`.
  /// - Parameters:
  ///   - files: Paths relative to `root`.
  ///   - root: The folder they are read from.
  ///   - prefix: The folder they are stored under in the archive.
  ///   - date: Every entry's modification date (at midnight).
  ///   - destination: The zip to create.
  /// - Throws: ``BundleError/io(path:reason:)``, including for archives past 4 GiB (no zip64).
  static func write(
    files: [String], root: String, prefix: String, date: DateComponents, to destination: String
  ) throws {
    guard FileManager.default.createFile(atPath: destination, contents: nil),
      let output = FileHandle(forWritingAtPath: destination)
    else { throw BundleError.io(path: destination, reason: "cannot create") }
    defer { try? output.close() }
    let dosDate = UInt16(((date.year ?? 1980) - 1980) << 9 | (date.month ?? 1) << 5 | (date.day ?? 1))
    var central = Data()
    var offset: UInt64 = 0
    for file in files.sorted() {
      let name = Data("\(prefix)/\(file)".utf8)
      let source = (root as NSString).appendingPathComponent(file)
      guard let input = FileHandle(forReadingAtPath: source) else {
        throw BundleError.io(path: source, reason: "cannot read")
      }
      defer { try? input.close() }
      var header = Data()
      header.append(le32: 0x0403_4b50)
      header.append(le16: 10)  // version needed: stored
      header.append(le16: 0x0800)  // names are UTF-8
      header.append(le16: 0)  // stored
      header.append(le16: 0)  // 00:00:00
      header.append(le16: dosDate)
      let patchAt = offset + UInt64(header.count)
      header.append(le32: 0)  // crc, patched below
      header.append(le32: 0)
      header.append(le32: 0)
      header.append(le16: UInt16(name.count))
      header.append(le16: 0)
      header.append(name)
      var crc = CRC32()
      var size: UInt64 = 0
      do {
        try output.write(contentsOf: header)
        while let block = try input.read(upToCount: 1 << 20), !block.isEmpty {
          block.withUnsafeBytes { crc.update($0) }
          try output.write(contentsOf: block)
          size += UInt64(block.count)
        }
        guard size < UInt64(UInt32.max), offset < UInt64(UInt32.max) else {
          throw BundleError.io(
            path: destination, reason: "archives past 4 GiB are not supported; export the bag folder")
        }
        var sizes = Data()
        sizes.append(le32: crc.checksum)
        sizes.append(le32: UInt32(size))
        sizes.append(le32: UInt32(size))
        try output.seek(toOffset: patchAt)
        try output.write(contentsOf: sizes)
        try output.seekToEnd()
      } catch let error as BundleError {
        throw error
      } catch {
        throw BundleError.io(path: destination, reason: error.localizedDescription)
      }
      central.append(le32: 0x0201_4b50)
      central.append(le16: 3 << 8 | 20)  // made by: Unix, zip 2.0
      central.append(le16: 10)
      central.append(le16: 0x0800)
      central.append(le16: 0)
      central.append(le16: 0)
      central.append(le16: dosDate)
      central.append(le32: crc.checksum)
      central.append(le32: UInt32(size))
      central.append(le32: UInt32(size))
      central.append(le16: UInt16(name.count))
      central.append(le16: 0)
      central.append(le16: 0)
      central.append(le16: 0)
      central.append(le16: 0)
      central.append(le32: UInt32(0o100644) << 16)
      central.append(le32: UInt32(offset))
      central.append(name)
      offset += UInt64(header.count) + size
    }
    var end = Data()
    end.append(le32: 0x0605_4b50)
    end.append(le16: 0)
    end.append(le16: 0)
    end.append(le16: UInt16(files.count))
    end.append(le16: UInt16(files.count))
    end.append(le32: UInt32(central.count))
    end.append(le32: UInt32(offset))
    end.append(le16: 0)
    do {
      try output.write(contentsOf: central + end)
      try output.synchronize()
    } catch {
      throw BundleError.io(path: destination, reason: error.localizedDescription)
    }
  }

  /// The entries of a zip's central directory.
  /// - Throws: ``BundleError/unreadableZip(path:reason:)``.
  static func entries(of path: String) throws -> [Entry] {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw BundleError.unreadableZip(path: path, reason: "cannot open")
    }
    defer { try? handle.close() }
    do {
      let length = try handle.seekToEnd()
      let tail = min(length, 65_557)
      try handle.seek(toOffset: length - tail)
      let data = try handle.read(upToCount: Int(tail)) ?? Data()
      guard data.count >= 22,
        let end = stride(from: data.count - 22, through: 0, by: -1).first(where: {
          data.le32(at: $0) == 0x0605_4b50
        })
      else { throw BundleError.unreadableZip(path: path, reason: "no end of central directory") }
      let count = Int(data.le16(at: end + 10))
      let size = Int(data.le32(at: end + 12))
      let start = UInt64(data.le32(at: end + 16))
      guard start + UInt64(size) <= length else {
        throw BundleError.unreadableZip(path: path, reason: "central directory outside the file")
      }
      // The end record must be the file's end, right after the directory, and count it as one disk.
      guard data.le16(at: end + 4) == 0, data.le16(at: end + 6) == 0, Int(data.le16(at: end + 8)) == count
      else {
        throw BundleError.unreadableZip(
          path: path, reason: "the end of central directory counts its entries twice differently")
      }
      guard end + 22 + Int(data.le16(at: end + 20)) == data.count else {
        throw BundleError.unreadableZip(path: path, reason: "bytes after the end of central directory")
      }
      guard start + UInt64(size) == length - tail + UInt64(end) else {
        throw BundleError.unreadableZip(
          path: path, reason: "bytes between the central directory and its end record")
      }
      try handle.seek(toOffset: start)
      let directory = try handle.read(upToCount: size) ?? Data()
      var entries: [Entry] = []
      var at = 0
      for _ in 0..<count {
        guard at + 46 <= directory.count, directory.le32(at: at) == 0x0201_4b50 else {
          throw BundleError.unreadableZip(path: path, reason: "damaged central directory")
        }
        let nameLength = Int(directory.le16(at: at + 28))
        let extra = Int(directory.le16(at: at + 30))
        let comment = Int(directory.le16(at: at + 32))
        guard at + 46 + nameLength <= directory.count else {
          throw BundleError.unreadableZip(path: path, reason: "damaged central directory")
        }
        let nameBytes = Array(
          directory[(directory.startIndex + at + 46)..<(directory.startIndex + at + 46 + nameLength)])
        entries.append(
          Entry(
            name: String(decoding: nameBytes, as: UTF8.self), nameBytes: nameBytes,
            method: directory.le16(at: at + 10),
            crc: directory.le32(at: at + 16),
            compressedSize: directory.le32(at: at + 20), size: directory.le32(at: at + 24),
            externalAttributes: directory.le32(at: at + 38), localHeaderOffset: directory.le32(at: at + 42)))
        at += 46 + nameLength + extra + comment
      }
      guard at == directory.count else {
        throw BundleError.unreadableZip(
          path: path,
          reason: "the central directory holds more than the \(count) entries its end record counts")
      }
      return try tiled(entries, directoryStart: start, handle: handle, path: path)
    } catch let error as BundleError {
      throw error
    } catch {
      throw BundleError.unreadableZip(path: path, reason: error.localizedDescription)
    }
  }

  /// Checks that the entries tile the file from its first byte to the central directory, each
  /// local header naming the same bytes (and method) as its directory record, with no gap, no
  /// overlap (entries that share bytes are how a small zip unpacks to terabytes) and nothing
  /// hidden between them; sets each entry's ``Entry/limit``.
  /// - Throws: ``BundleError/unreadableZip(path:reason:)`` naming the entry.
  private static func tiled(_ entries: [Entry], directoryStart: UInt64, handle: FileHandle, path: String)
    throws
    -> [Entry]
  {
    let order = entries.indices.sorted { entries[$0].localHeaderOffset < entries[$1].localHeaderOffset }
    var limited = entries
    for (first, second) in zip(order, order.dropFirst())
    where entries[first].localHeaderOffset == entries[second].localHeaderOffset {
      let shown = entries[second].name.isEmpty ? "an entry" : entries[second].name
      throw BundleError.unreadableZip(
        path: path, reason: "\(shown) overlaps \(entries[first].name): they share bytes")
    }
    var expected: UInt64 = 0
    for (position, index) in order.enumerated() {
      let entry = entries[index]
      let shown = entry.name.isEmpty ? "an entry" : entry.name
      let offset = UInt64(entry.localHeaderOffset)
      guard offset == expected else {
        throw BundleError.unreadableZip(
          path: path,
          reason: offset > expected
            ? "\(offset - expected) bytes no entry accounts for before \(shown)"
            : "\(shown) overlaps the entry before it")
      }
      try handle.seek(toOffset: offset)
      let header = try handle.read(upToCount: 30) ?? Data()
      guard header.count == 30, header.le32(at: 0) == 0x0403_4b50 else {
        throw BundleError.unreadableZip(path: path, reason: "\(shown): damaged local header")
      }
      let nameLength = Int(header.le16(at: 26))
      let localName = Array(try handle.read(upToCount: nameLength) ?? Data())
      guard localName == entry.nameBytes else {
        throw BundleError.unreadableZip(
          path: path,
          reason:
            "\(shown): its local header names \(String(decoding: localName, as: UTF8.self).debugDescription)")
      }
      guard header.le16(at: 8) == entry.method else {
        throw BundleError.unreadableZip(path: path, reason: "\(shown): its local header gives another method")
      }
      var end = offset + 30 + UInt64(nameLength) + UInt64(header.le16(at: 28)) + UInt64(entry.compressedSize)
      if header.le16(at: 6) & 0x0008 != 0 {
        // A data descriptor follows the data: 12 bytes, or 16 with its signature.
        try handle.seek(toOffset: end)
        let descriptor = try handle.read(upToCount: 4) ?? Data()
        end += descriptor.count == 4 && descriptor.le32(at: 0) == 0x0807_4b50 ? 16 : 12
      }
      let limit =
        position + 1 < order.count ? UInt64(entries[order[position + 1]].localHeaderOffset) : directoryStart
      guard end <= limit else {
        throw BundleError.unreadableZip(
          path: path, reason: "\(shown) overlaps the next entry or the directory")
      }
      limited[index].limit = limit
      expected = end
    }
    guard expected == directoryStart else {
      throw BundleError.unreadableZip(
        path: path,
        reason:
          "\(Int64(directoryStart) - Int64(expected)) bytes no entry accounts for before the central directory"
      )
    }
    return limited
  }

  /// Copies a stored entry's bytes to `destination`, returning whether its CRC matched.
  static func extract(_ entry: Entry, from path: String, to destination: String) throws -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw BundleError.unreadableZip(path: path, reason: "cannot open")
    }
    defer { try? handle.close() }
    do {
      try handle.seek(toOffset: UInt64(entry.localHeaderOffset))
      let header = try handle.read(upToCount: 30) ?? Data()
      guard header.count == 30, header.le32(at: 0) == 0x0403_4b50 else {
        throw BundleError.unreadableZip(path: path, reason: "\(entry.name): damaged local header")
      }
      // The local header must say what the central directory says (a zip whose two disagree
      // unpacks differently in different tools); a data descriptor leaves its fields zero.
      let usesDescriptor = header.le16(at: 6) & 0x0008 != 0
      let nameLength = Int(header.le16(at: 26))
      let localName = try handle.read(upToCount: nameLength) ?? Data()
      var disagreeing: [String] = []
      if header.le16(at: 8) != entry.method { disagreeing.append("method") }
      if !(usesDescriptor && header.le32(at: 14) == 0), header.le32(at: 14) != entry.crc {
        disagreeing.append("CRC-32")
      }
      if !(usesDescriptor && header.le32(at: 18) == 0),
        header.le32(at: 18) != entry.compressedSize || header.le32(at: 22) != entry.size
      {
        disagreeing.append("sizes")
      }
      if !entry.nameBytes.isEmpty, Array(localName) != entry.nameBytes { disagreeing.append("name") }
      if !disagreeing.isEmpty {
        throw BundleError.unreadableZip(
          path: path,
          reason:
            "\(entry.name): its local header's \(disagreeing.joined(separator: ", ")) disagree with the central directory"
        )
      }
      let skip = UInt64(nameLength) + UInt64(header.le16(at: 28))
      guard UInt64(entry.localHeaderOffset) + 30 + skip + UInt64(entry.compressedSize) <= entry.limit else {
        throw BundleError.unreadableZip(path: path, reason: "\(entry.name): overlaps the next entry")
      }
      try handle.seek(toOffset: UInt64(entry.localHeaderOffset) + 30 + skip)
      guard FileManager.default.createFile(atPath: destination, contents: nil),
        let output = FileHandle(forWritingAtPath: destination)
      else { throw BundleError.io(path: destination, reason: "cannot create") }
      defer { try? output.close() }
      var remaining = Int(entry.compressedSize)
      var crc = CRC32()
      while remaining > 0 {
        guard let block = try handle.read(upToCount: min(remaining, 1 << 20)), !block.isEmpty else {
          throw BundleError.unreadableZip(path: path, reason: "\(entry.name): data cut short")
        }
        block.withUnsafeBytes { crc.update($0) }
        try output.write(contentsOf: block)
        remaining -= block.count
      }
      return crc.checksum == entry.crc
    } catch let error as BundleError {
      throw error
    } catch {
      throw BundleError.unreadableZip(path: path, reason: error.localizedDescription)
    }
  }
}

extension Data {
  mutating func append(le16 value: UInt16) {
    append(UInt8(value & 0xFF))
    append(UInt8(value >> 8))
  }

  mutating func append(le32 value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
  }

  func le16(at offset: Int) -> UInt16 {
    UInt16(self[startIndex + offset]) | UInt16(self[startIndex + offset + 1]) << 8
  }

  func le32(at offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(self[startIndex + offset + $1]) << UInt32(8 * $1) }
  }
}
