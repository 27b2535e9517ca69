/// A document's bytes checked and split into lines, the first step of every criteria parser.
///
/// Refuses what is not a text document, naming the line: empty files, binary bytes (NUL),
/// invalid UTF-8 and lines too long for any real document. Accepts a UTF-8 byte-order mark and
/// LF, CRLF or lone CR line endings.
struct TextLines {
  /// The lines, without their endings.
  let lines: [Substring]
  /// The whole text with the BOM removed and line endings as they were.
  let text: String

  /// The longest line a criteria document may have.
  static let maximumLineBytes = 1 << 20
  /// The largest criteria document read.
  static let maximumDocumentBytes = 16 << 20

  init(bytes: [UInt8], path: String) throws {
    func fail(_ line: Int, _ reason: String) -> CriteriaParseError {
      CriteriaParseError(path: path, line: line, reason: reason)
    }
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      throw fail(1, "empty document")
    }
    if body.count > Self.maximumDocumentBytes {
      throw fail(1, "larger than \(Self.maximumDocumentBytes >> 20) MiB; not a criteria document")
    }
    // One pass: count lines, find NULs and over-long lines before decoding.
    var line = 1
    var lineStart = body.startIndex
    var previous: UInt8 = 0
    for index in body.indices {
      let byte = body[index]
      if byte == 0 { throw fail(line, "binary data (a NUL byte), not a text document") }
      if byte == 0x0A || byte == 0x0D {
        if !(byte == 0x0A && previous == 0x0D) { line += 1 }
        lineStart = body.index(after: index)
      } else if index - lineStart >= Self.maximumLineBytes {
        throw fail(line, "line longer than \(Self.maximumLineBytes >> 20) MiB; not a criteria document")
      }
      previous = byte
    }
    guard let decoded = String(validating: body, as: UTF8.self) else {
      throw fail(Self.lineOfFirstInvalidUTF8(body), "invalid UTF-8; save the document as UTF-8")
    }
    text = decoded
    lines = decoded.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
  }

  /// Finds the line holding the first byte sequence that is not UTF-8.
  private static func lineOfFirstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int {
    var line = 1
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    var previousWasCR = false
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        if scalar == "\n" {
          if !previousWasCR { line += 1 }
        } else if scalar == "\r" {
          line += 1
        }
        previousWasCR = scalar == "\r"
      case .emptyInput: return line
      case .error: return line
      }
    }
  }
}
