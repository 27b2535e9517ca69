extension Collection where Element == UInt8 {
  /// Where `needle`'s bytes first occur, counted in bytes from the start; nil when they do not.
  ///
  /// For the short names attribution looks for (`replaykit`, `voiceover`) in file names and
  /// tags: Foundation's locale-aware search cost more than the rest of attributing a recording.
  package func firstOffset(of needle: some Collection<UInt8>) -> Int? {
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

extension StringProtocol {
  /// Whether the text holds `needle`, comparing bytes and ASCII letters in either case.
  package func containsIgnoringASCIICase(_ needle: String) -> Bool {
    func lowercased(_ byte: UInt8) -> UInt8 {
      (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
    return utf8.map(lowercased).firstOffset(of: needle.utf8.map(lowercased)) != nil
  }
}
