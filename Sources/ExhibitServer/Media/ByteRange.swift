import Foundation

/// What a `Range` request header asks of a representation of `length` bytes (RFC 9110 §14).
///
/// Exhibit answers one range: `bytes=FIRST-LAST`, `bytes=FIRST-` and the suffix `bytes=-N` (the
/// last N bytes). A header it does not understand, or one asking for several ranges, is ignored
/// and the whole representation sent, as §14.2 allows; a range that starts past the end cannot be
/// satisfied (416 with `Content-Range: bytes */LENGTH`).
public enum ByteRange: Equatable, Sendable {
  /// Send everything (no header, or one to ignore).
  case whole
  /// Send these bytes, inclusive, with 206.
  case partial(ClosedRange<Int64>)
  /// 416: nothing of the representation is in the range.
  case unsatisfiable

  /// Reads a `Range` header against a representation's length.
  public init(header: String?, length: Int64) {
    guard let header else {
      self = .whole
      return
    }
    if let plain = Self.plainRange(header) {
      self = Self.resolve(first: plain.first, last: plain.last, length: length)
      return
    }
    let trimmed = header.trimmingCharacters(in: .whitespaces)
    guard trimmed.lowercased().hasPrefix("bytes=") else {
      self = .whole
      return
    }
    let spec = trimmed.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
    guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else {
      self = .whole
      return
    }
    let firstText = spec[..<dash].trimmingCharacters(in: .whitespaces)
    let lastText = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
    let isDigits = { (text: String) in !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) } }
    if firstText.isEmpty {
      // A suffix: the last N bytes, all of them when N is the length or more.
      guard isDigits(lastText) else {
        self = .whole
        return
      }
      let suffix = Int64(lastText) ?? Int64.max
      guard suffix > 0, length > 0 else {
        self = .unsatisfiable
        return
      }
      self = .partial(max(length - suffix, 0)...(length - 1))
      return
    }
    guard isDigits(firstText) else {
      self = .whole
      return
    }
    // A first position too large for Int64 is past the end of any file.
    guard let first = Int64(firstText), first < length else {
      self = .unsatisfiable
      return
    }
    if lastText.isEmpty {
      self = .partial(first...(length - 1))
      return
    }
    guard isDigits(lastText) else {
      self = .whole
      return
    }
    // A last position past the end (or too large to read) means the end.
    let last = Int64(lastText).map { min($0, length - 1) } ?? (length - 1)
    guard last >= first else {
      // An invalid range-spec: the header is ignored.
      self = .whole
      return
    }
    self = .partial(first...last)
  }

  /// `bytes=FIRST-LAST` or `bytes=FIRST-` exactly, as players send them, read without the
  /// general parse below (which trims and lowercases); nil for anything else, which that parse
  /// reads. A number too long for Int64 is left to it too.
  static func plainRange(_ header: String) -> (first: Int64, last: Int64?)? {
    var utf8 = header.utf8[...]
    guard utf8.starts(with: "bytes=".utf8) else { return nil }
    utf8 = utf8.dropFirst(6)
    func number(_ digits: Substring.UTF8View) -> Int64? {
      guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ (48...57).contains($0) }) else {
        return nil
      }
      return digits.reduce(0) { $0 * 10 + Int64($1 - 48) }
    }
    guard let dash = utf8.firstIndex(of: UInt8(ascii: "-")), let first = number(utf8[..<dash]) else {
      return nil
    }
    let rest = utf8[utf8.index(after: dash)...]
    if rest.isEmpty { return (first, nil) }
    guard let last = number(rest) else { return nil }
    return (first, last)
  }

  /// A `FIRST-LAST` (or `FIRST-`) range against the length, by §14.1.2's rules.
  static func resolve(first: Int64, last: Int64?, length: Int64) -> ByteRange {
    guard first < length else { return .unsatisfiable }
    guard let last else { return .partial(first...(length - 1)) }
    let end = min(last, length - 1)
    return end >= first ? .partial(first...end) : .whole
  }
}
