import ExhibitModel

/// Reads a screenshot's format and size from its own bytes: PNG, JPEG or WebP, checked whole.
///
/// Written here rather than with libavformat's image demuxers: a screenshot is evidence, so it
/// must be complete (every PNG chunk's CRC, a JPEG's end marker, a WebP's RIFF size) and of a
/// size a browser can show; none of that needs a decoder. Nothing in a header is trusted
/// before it is checked against the bytes that are there.
struct ImageProbe: Sendable {
  /// Files larger than this are refused: a screenshot is a few megabytes.
  static let maximumBytes = 64 << 20
  /// Neither side may be larger than this many pixels (a 16K display's width).
  static let maximumSide = 16_384
  /// Nor may the picture hold more pixels than this.
  static let maximumPixels = 100_000_000

  /// File extensions read as screenshots.
  static var extensions: Set<String> { ScreenshotFormat.extensions }

  /// The screenshot's format and size as a ``MediaInfo`` with one picture stream and no duration.
  /// - Throws: ``ProbeError`` saying what is wrong: not an image, cut short, damaged, too large.
  func probe(_ path: String) throws -> MediaInfo {
    try MediaProbe.requireRegularFile(path)
    let bytes: [UInt8]
    do {
      bytes = try CriteriaFiles.readRegularFile(path, limit: Self.maximumBytes + 1)
    } catch let error as CriteriaParseError {
      throw ProbeError(path: path, reason: error.reason)
    }
    guard bytes.count <= Self.maximumBytes else {
      throw ProbeError(
        path: path, reason: "larger than \(Self.maximumBytes >> 20) MiB; a screenshot is smaller")
    }
    let (format, width, height) = try Self.read(bytes, path: path)
    guard width > 0, height > 0 else {
      throw ProbeError(path: path, reason: "its header says \(width) × \(height) pixels; an image has some")
    }
    guard width <= Self.maximumSide, height <= Self.maximumSide, width * height <= Self.maximumPixels else {
      throw ProbeError(
        path: path,
        reason: "its header says \(width) × \(height) pixels, larger than a screenshot can be "
          + "(at most \(Self.maximumSide) a side and \(Self.maximumPixels / 1_000_000) megapixels)")
    }
    let stream = MediaInfo.Stream(
      index: 0, kind: "video", codec: format.codec, width: width, height: height, frameRate: nil,
      sampleRate: nil, channels: nil, bitRate: nil, language: nil)
    return MediaInfo(
      container: format.rawValue, durationMilliseconds: nil, durationSource: nil, bitRate: nil, tags: [:],
      streams: [stream], truncated: false, truncationReason: nil)
  }

  /// The format and size the bytes hold.
  static func read(_ bytes: [UInt8], path: String) throws -> (ScreenshotFormat, Int, Int) {
    func refuse(_ reason: String) -> ProbeError { ProbeError(path: path, reason: reason) }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      let (width, height) = try readPNG(bytes, refuse: refuse)
      return (.png, width, height)
    }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      let (width, height) = try readJPEG(bytes, refuse: refuse)
      return (.jpeg, width, height)
    }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
      let (width, height) = try readWebP(bytes, refuse: refuse)
      return (.webp, width, height)
    }
    if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) {
      throw refuse("not an image: the bytes are a Matroska or WebM video; name a recording .webm")
    }
    if bytes.count >= 8, Array(bytes[4..<8]) == Array("ftyp".utf8) {
      throw refuse("not an image: the bytes are an MP4 or QuickTime video; name a recording .mp4")
    }
    throw refuse(bytes.isEmpty ? "the file is empty" : "not a PNG, JPEG or WebP image")
  }

  private static func bigEndian(_ bytes: [UInt8], _ offset: Int, count: Int) -> Int {
    bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
  }

  private static func littleEndian(_ bytes: [UInt8], _ offset: Int, count: Int) -> Int {
    bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
  }

  /// Walks every chunk: each must fit in the file and match its CRC; IHDR first, IEND last.
  private static func readPNG(_ bytes: [UInt8], refuse: (String) -> ProbeError) throws -> (Int, Int) {
    var offset = 8
    var size: (Int, Int)?
    var sawImageData = false
    while true {
      guard offset + 12 <= bytes.count else {
        throw refuse("the PNG is cut short: it ends at byte \(bytes.count) before its IEND chunk")
      }
      let length = bigEndian(bytes, offset, count: 4)
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      guard length <= bytes.count - offset - 12 else {
        throw refuse(
          "the PNG is cut short: its \(type) chunk at byte \(offset) runs past the end of the file")
      }
      var crc = CRC32()
      bytes.withUnsafeBytes {
        crc.update(UnsafeRawBufferPointer(rebasing: $0[offset + 4..<offset + 8 + length]))
      }
      guard crc.checksum == UInt32(bigEndian(bytes, offset + 8 + length, count: 4)) else {
        throw refuse("the PNG is damaged: its \(type) chunk at byte \(offset) does not match its CRC")
      }
      if size == nil {
        guard type == "IHDR", length == 13 else {
          throw refuse("the PNG does not start with its IHDR header")
        }
        size = (bigEndian(bytes, offset + 8, count: 4), bigEndian(bytes, offset + 12, count: 4))
      }
      if type == "IDAT" { sawImageData = true }
      offset += length + 12
      if type == "IEND" { break }
    }
    guard sawImageData, let size else { throw refuse("the PNG holds no image data (IDAT)") }
    return size
  }

  /// Follows the markers to the frame header and the scan, and requires the end marker.
  private static func readJPEG(_ bytes: [UInt8], refuse: (String) -> ProbeError) throws -> (Int, Int) {
    var offset = 2
    var size: (Int, Int)?
    while true {
      guard offset + 4 <= bytes.count else { throw refuse("the JPEG is cut short before its image data") }
      guard bytes[offset] == 0xFF else { throw refuse("the JPEG is damaged: no marker at byte \(offset)") }
      let marker = bytes[offset + 1]
      if marker == 0xFF {
        offset += 1
        continue
      }
      let length = bigEndian(bytes, offset + 2, count: 2)
      guard length >= 2, offset + 2 + length <= bytes.count else {
        throw refuse("the JPEG is cut short: a segment at byte \(offset) runs past the end of the file")
      }
      let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
      if isFrame {
        guard length >= 7 else { throw refuse("the JPEG's frame header is too short") }
        size = (bigEndian(bytes, offset + 7, count: 2), bigEndian(bytes, offset + 5, count: 2))
      }
      offset += 2 + length
      if marker == 0xDA { break }
    }
    guard let size else { throw refuse("the JPEG has no frame header before its image data") }
    var end = bytes.count
    while end > offset, bytes[end - 1] == 0 { end -= 1 }
    guard end - offset >= 2, bytes[end - 2] == 0xFF, bytes[end - 1] == 0xD9 else {
      throw refuse("the JPEG is cut short: it does not end with its end-of-image marker")
    }
    return size
  }

  /// Checks the RIFF size against the file and reads the first image chunk's size.
  private static func readWebP(_ bytes: [UInt8], refuse: (String) -> ProbeError) throws -> (Int, Int) {
    let declared = littleEndian(bytes, 4, count: 4) + 8
    guard declared <= bytes.count else {
      throw refuse("the WebP is cut short: its header says \(declared) bytes, the file has \(bytes.count)")
    }
    guard bytes.count >= 30 else { throw refuse("the WebP is too short to hold an image") }
    let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
    let body = 20
    switch chunk {
    case "VP8 ":
      guard bytes[body + 3] == 0x9D, bytes[body + 4] == 0x01, bytes[body + 5] == 0x2A else {
        throw refuse("the WebP's lossy frame has no start code")
      }
      return (
        littleEndian(bytes, body + 6, count: 2) & 0x3FFF, littleEndian(bytes, body + 8, count: 2) & 0x3FFF
      )
    case "VP8L":
      guard bytes[body] == 0x2F else { throw refuse("the WebP's lossless stream has no signature") }
      let bits = littleEndian(bytes, body + 1, count: 4)
      return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    case "VP8X":
      return (littleEndian(bytes, body + 4, count: 3) + 1, littleEndian(bytes, body + 7, count: 3) + 1)
    default:
      throw refuse("the WebP's first chunk is '\(chunk)', not an image")
    }
  }
}
