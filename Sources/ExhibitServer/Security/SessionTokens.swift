import Crypto
import ExhibitKit
import Foundation

/// The random tokens a browser holds and what the server derives from them.
///
/// The `exhibit_session` cookie holds 32 random bytes in hex. The database knows a signed-in
/// session only by the SHA-256 of its token; the CSRF token a page embeds is an HMAC of the
/// cookie's token under the workspace's web secret, so it needs no storage and a page from
/// another origin, which cannot read the cookie or our pages, cannot forge it.
struct SessionTokens: Sendable {
  /// The cookie's name.
  static let cookieName = "exhibit_session"
  /// How long a sign-in lasts.
  static let lifetime: TimeInterval = 12 * 60 * 60

  private let secret: Data

  /// Tokens signed with the workspace's web secret (64 hex digits).
  init(secretHex: String) {
    secret = Data(hex: secretHex) ?? Data(secretHex.utf8)
  }

  /// 32 random bytes, hex.
  static func random() -> String {
    // One call to glibc's generator (a byte at a time from Swift's was 32 calls to the kernel).
    var bytes = [UInt8](repeating: 0, count: 32)
    bytes.withUnsafeMutableBytes { buffer in
      if let start = buffer.baseAddress { arc4random_buf(start, buffer.count) }
    }
    return bytes.hexString
  }

  /// Whether a cookie value has the shape of a token this server made.
  static func isWellFormed(_ token: String) -> Bool {
    token.utf8.count == 64 && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }

  /// The key the database stores a session under.
  static func storageKey(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).hexString
  }

  /// The CSRF token for a session token.
  func csrfToken(for sessionToken: String) -> String {
    HMAC<SHA256>.authenticationCode(for: Data(sessionToken.utf8), using: SymmetricKey(data: secret))
      .hexString
  }

  /// Whether `presented` is the CSRF token of `sessionToken`, compared in constant time.
  func accepts(_ presented: String, for sessionToken: String) -> Bool {
    let expected = Array(csrfToken(for: sessionToken).utf8)
    let given = Array(presented.utf8)
    guard expected.count == given.count else { return false }
    return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}

extension Data {
  /// Bytes from hex digits, or nil when the text is not an even number of them.
  init?(hex: String) {
    let digits = Array(hex.utf8)
    guard digits.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
      index += 2
    }
    self.init(bytes)
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case 48...57: digit - 48
    case 97...102: digit - 87
    case 65...70: digit - 55
    default: nil
    }
  }
}
