extension StringProtocol {
  /// Whether the text holds `needle`, comparing bytes and ASCII letters in either case.
  ///
  /// For the names attribution looks for (`replaykit`, `voiceover`): Foundation's
  /// locale-aware search cost more than the rest of attributing a recording.
  func containsIgnoringASCIICase(_ needle: String) -> Bool {
    let needle = Array(needle.utf8).map(Self.asciiLowercased)
    guard !needle.isEmpty else { return true }
    let text = Array(utf8)
    guard text.count >= needle.count else { return false }
    for start in 0...(text.count - needle.count) {
      var index = 0
      while index < needle.count, Self.asciiLowercased(text[start + index]) == needle[index] { index += 1 }
      if index == needle.count { return true }
    }
    return false
  }

  private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
  }
}

extension Collection where Element == UInt8 {
  /// Where `needle`'s bytes first occur, counted in bytes from the start; nil when they do not.
  func firstOffset(of needle: some Collection<UInt8>) -> Int? {
    let text = Array(self)
    let needle = Array(needle)
    guard text.count >= needle.count else { return nil }
    for start in 0...(text.count - needle.count)
    where text[start..<(start + needle.count)].elementsEqual(needle) {
      return start
    }
    return nil
  }
}
