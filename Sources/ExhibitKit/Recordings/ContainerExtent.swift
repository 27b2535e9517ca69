import Foundation

/// Whether a recording's top-level structure accounts for exactly the file's bytes: what a
/// muxer that finished writing leaves behind.
///
/// - A Matroska or WebM file is complete when its EBML header is followed by one Segment whose
///   declared size ends at the file's last byte. A file cut short, written to after it was
///   closed, or written live with an unknown Segment size (a browser's MediaRecorder) is not.
/// - An MP4 or QuickTime file is complete when its top-level boxes, one after another, end at
///   the file's last byte, one of them is the `moov` box that describes the samples and one an
///   `mdat` box that holds them (a `moov` alone describes media that is not there).
///
/// A complete file's declared duration is believed without reading its last packets; any other
/// is read to its end, where a cut shows.
enum ContainerExtent {
  /// The most top-level MP4 boxes walked before giving up (and reading the packets instead).
  static let maximumBoxes = 4096

  /// Whether the open file `descriptor`, of `size` bytes, whose first bytes are `head`, is a
  /// complete file of the container `container` (``MediaProbe/containerName(_:)``).
  static func isComplete(container: String, head: [UInt8], descriptor: Int32, size: Int64) -> Bool {
    switch container {
    case "matroska": return matroskaIsComplete(head, size: size)
    case "mov": return boxesAreComplete(descriptor: descriptor, size: size)
    default: return false
    }
  }

  /// The EBML header element, then the Segment element's header: their sizes decide.
  static func matroskaIsComplete(_ head: [UInt8], size: Int64) -> Bool {
    var reader = EBMLReader(bytes: head)
    guard reader.readID() == 0x1A45_DFA3, let headerSize = reader.readSize(), reader.skip(headerSize),
      reader.readID() == 0x1853_8067, let segmentSize = reader.readSize()
    else { return false }
    let (end, overflow) = Int64(reader.offset).addingReportingOverflow(segmentSize)
    return !overflow && end == size
  }

  /// Walks the top-level boxes from their headers (`pread`), without reading their contents.
  static func boxesAreComplete(descriptor: Int32, size: Int64) -> Bool {
    guard let boxes = topLevelBoxes(descriptor: descriptor, size: size) else { return false }
    return boxes.contains("moov") && boxes.contains("mdat")
  }

  /// Whether an MP4 or QuickTime file's boxes, walked whole to its last byte, hold a `moov`
  /// but no `mdat` or movie fragment: it describes samples that are not in it.
  static func lacksMediaData(descriptor: Int32, size: Int64) -> Bool {
    guard let boxes = topLevelBoxes(descriptor: descriptor, size: size) else { return false }
    return boxes.contains("moov") && !boxes.contains("mdat") && !boxes.contains("moof")
  }

  /// The types of the top-level boxes (an empty `mdat` not counted), or nil when they do not
  /// end exactly at the file's last byte.
  private static func topLevelBoxes(descriptor: Int32, size: Int64) -> Set<String>? {
    var offset: Int64 = 0
    var types: Set<String> = []
    var header = [UInt8](repeating: 0, count: 16)
    for _ in 0..<maximumBoxes {
      if offset == size { return types }
      let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 16, off_t(offset)) }
      guard count >= 8 else { return nil }
      let declared = header[0..<4].reduce(Int64(0)) { $0 << 8 | Int64($1) }
      let type = String(decoding: header[4..<8], as: UTF8.self)
      let length: Int64
      switch declared {
      case 0: length = size - offset  // the last box, to the end of the file
      case 1:
        guard count == 16 else { return nil }
        let large = header[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard large >= 16, large <= UInt64(Int64.max) else { return nil }
        length = Int64(large)
      default:
        guard declared >= 8 else { return nil }
        length = declared
      }
      if type != "mdat" || length > 8 { types.insert(type) }
      let (next, overflow) = offset.addingReportingOverflow(length)
      guard !overflow, next <= size else { return nil }
      offset = next
    }
    return nil
  }
}

/// Reads EBML element IDs and sizes (variable-length integers) from a few bytes.
private struct EBMLReader {
  let bytes: [UInt8]
  var offset = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  /// A variable-length integer's length from its first byte (1 to 8), nil for a zero byte.
  private func length(of first: UInt8) -> Int? {
    first == 0 ? nil : first.leadingZeroBitCount + 1
  }

  /// An element ID, its length marker kept, as Matroska writes IDs.
  mutating func readID() -> UInt32? {
    guard offset < bytes.count, let length = length(of: bytes[offset]), length <= 4,
      offset + length <= bytes.count
    else { return nil }
    let value = bytes[offset..<offset + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    offset += length
    return value
  }

  /// An element's size, nil when it is unknown (every value bit set) or past the bytes.
  mutating func readSize() -> Int64? {
    guard offset < bytes.count, let length = length(of: bytes[offset]), offset + length <= bytes.count
    else { return nil }
    let marker = UInt64(1) << (7 * UInt64(length))
    let raw = bytes[offset..<offset + length].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let value = raw & (marker - 1)
    guard value != marker - 1, value <= UInt64(Int64.max) else { return nil }
    offset += length
    return Int64(value)
  }

  /// Skips an element's body; false when it runs past the bytes held.
  mutating func skip(_ count: Int64) -> Bool {
    guard count <= Int64(bytes.count - offset) else { return false }
    offset += Int(count)
    return true
  }
}
