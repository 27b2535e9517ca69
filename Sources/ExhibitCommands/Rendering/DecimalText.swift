import CDecimal

extension Double {
  /// The number as C's `%*.*f` writes it: `places` decimals, right-aligned in `width` characters.
  ///
  /// `String(format:)` would do the same through a `CVarArg` list, whose first use in a process
  /// has the Swift runtime search all of the binary's protocol conformances for each argument
  /// type: a tenth of a millisecond of a command that prints a few numbers.
  func decimalText(places: Int, width: Int = 0) -> String {
    // The longest finite double written with up to a handful of decimals fits in 330 bytes.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer in
      guard let start = buffer.baseAddress else { return "\(self)" }
      _ = exhibit_format_decimal(start, buffer.count, self, Int32(width), Int32(places))
      return String(cString: start)
    }
  }
}
