import Foundation

/// A request for a recording's bytes read straight from the connection's bytes, for
/// ``RawMediaHandler``: only the plainest form of a GET or HEAD of `/media/SHA256` over HTTP/1.1,
/// with every header line a `name: value` of visible ASCII. Anything else, however
/// legitimate (another target, another version, a body, a folded or doubled header, a byte NIO's
/// decoder would refuse), is `.other`: the connection's bytes go to NIO's HTTP decoder and the
/// application, which answer it as they answer every request.
enum RawMediaRequest {
  /// What the bytes at the start of a buffer are.
  enum Reading: Equatable {
    /// Not yet a whole request head.
    case incomplete
    /// A request for a recording's bytes, whose head took `length` bytes.
    case media(MediaRequest, length: Int)
    /// A request for NIO's decoder and the application.
    case other
  }

  /// The longest head read here; a longer one is the decoder's to limit.
  static let maximumHeadLength = 8192
  /// The most header lines read here.
  static let maximumFields = 64

  /// Reads the request at the start of `bytes`.
  static func read(_ bytes: UnsafeRawBufferPointer) -> Reading {
    guard !bytes.isEmpty else { return .incomplete }
    var scanner = Scanner(bytes: bytes)
    let isHead: Bool
    if scanner.skip("GET ") {
      isHead = false
    } else if scanner.skip("HEAD ") {
      isHead = true
    } else {
      return scanner.atEnd ? .incomplete : .other
    }
    guard let target = scanner.take(until: 0x20) else { return scanner.verdict }
    guard let sha = MediaFastPath.recordingSHA256(String(decoding: target, as: UTF8.self)) else {
      return .other
    }
    guard scanner.skip("HTTP/1.1\r\n") else { return scanner.verdict }
    var request = MediaRequest(
      isHead: isHead, sha256: sha, authority: nil, connection: nil, ifNoneMatch: nil, range: nil,
      ifRange: nil, cookies: [])
    var fields = 0
    while true {
      if scanner.skip("\r\n") { return .media(request, length: scanner.offset) }
      guard let line = scanner.take(until: 0x0D) else { return scanner.verdict }
      guard scanner.skip("\n") else { return scanner.verdict }
      fields += 1
      guard fields <= maximumFields, let (name, value) = field(line) else { return .other }
      guard record(name: name, value: value, in: &request) else { return .other }
    }
  }

  /// A header line's name and its value without the spaces around it, if the line is
  /// `token: value` with no control character in the value.
  private static func field(_ line: UnsafeRawBufferPointer) -> (name: UnsafeRawBufferPointer, value: String)?
  {
    guard let colon = line.firstIndex(of: 0x3A), colon > 0 else { return nil }
    let name = UnsafeRawBufferPointer(rebasing: line[..<colon])
    guard name.allSatisfy(isTokenByte) else { return nil }
    var start = colon + 1
    var end = line.count
    while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
    while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
    let value = UnsafeRawBufferPointer(rebasing: line[start..<end])
    // Visible ASCII, spaces and tabs: a value with other bytes (obs-text, which HTTPTypes reads
    // its own way) is the decoder's.
    guard value.allSatisfy({ (0x20...0x7E).contains($0) || $0 == 0x09 }) else { return nil }
    return (name, String(decoding: value, as: UTF8.self))
  }

  /// Keeps what the fast path reads of one header; false when the header makes the request one
  /// for the decoder (a body, or a field read once given twice).
  private static func record(name: UnsafeRawBufferPointer, value: String, in request: inout MediaRequest)
    -> Bool
  {
    func once(_ slot: inout String?) -> Bool {
      guard slot == nil else { return false }
      slot = value
      return true
    }
    switch name.count {
    case 4 where equalsIgnoringCase(name, "host"): return once(&request.authority)
    case 5 where equalsIgnoringCase(name, "range"): return once(&request.range)
    case 6 where equalsIgnoringCase(name, "cookie"):
      request.cookies.append(value)
      return true
    case 6 where equalsIgnoringCase(name, "expect"): return false
    case 7 where equalsIgnoringCase(name, "upgrade"): return false
    case 8 where equalsIgnoringCase(name, "if-range"): return once(&request.ifRange)
    case 10 where equalsIgnoringCase(name, "connection"): return once(&request.connection)
    case 13 where equalsIgnoringCase(name, "if-none-match"): return once(&request.ifNoneMatch)
    case 14 where equalsIgnoringCase(name, "content-length"): return value == "0"
    case 17 where equalsIgnoringCase(name, "transfer-encoding"): return false
    default: return true
    }
  }

  /// Whether `bytes` spell `lowercase` in any case.
  private static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
    let expected = UnsafeRawBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
    guard bytes.count == expected.count else { return false }
    for index in 0..<bytes.count {
      let byte = bytes[index]
      let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
      if folded != expected[index] { return false }
    }
    return true
  }

  /// A `tchar` of RFC 9110 §5.6.2.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
    case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: return true
    default: return false
    }
  }

  /// A reading position in the bytes of a request head.
  private struct Scanner {
    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool { offset >= bytes.count }

    /// What running out of bytes here means: a head still arriving, unless it is already
    /// longer than this reader reads.
    var verdict: Reading {
      offset >= bytes.count && bytes.count < RawMediaRequest.maximumHeadLength ? .incomplete : .other
    }

    /// Steps over `expected` if the bytes here are it (an ending cut short is not).
    mutating func skip(_ expected: StaticString) -> Bool {
      guard let base = bytes.baseAddress else { return false }
      let count = expected.utf8CodeUnitCount
      guard bytes.count - offset >= count else {
        // Too few bytes to tell: running out marks the head incomplete.
        if memcmp(base + offset, expected.utf8Start, bytes.count - offset) == 0 {
          offset = bytes.count
        }
        return false
      }
      guard memcmp(base + offset, expected.utf8Start, count) == 0 else { return false }
      offset += count
      return true
    }

    /// The bytes up to `terminator`, stepping over it; nil (at the end) when it is not there, or
    /// (where it is) when a line feed or a byte below a space other than a tab comes before it.
    mutating func take(until terminator: UInt8) -> UnsafeRawBufferPointer? {
      let start = offset
      let limit = min(bytes.count, RawMediaRequest.maximumHeadLength)
      var index = start
      while index < limit {
        let byte = bytes[index]
        if byte == terminator {
          offset = index + 1
          return UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        }
        if byte == 0x0A || (byte < 0x20 && byte != 0x09) {
          // Not a head read here: a bare line feed, or a control character.
          offset = index
          return nil
        }
        index += 1
      }
      offset = bytes.count
      return nil
    }
  }
}
