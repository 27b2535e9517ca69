extension Array where Element == String {
  /// The strings with `separator` between them, exactly as the standard library's
  /// `joined(separator:)` makes them.
  ///
  /// Exhibit's modules call this one for arrays of strings: the standard library's is generic
  /// code compiled into it, and its first call in a process has the Swift runtime look up one of
  /// the array's associated types by walking every conformance record in the binary (8,000 of
  /// them, about 0.15 ms), which every command paid once at its start.
  public func joined(separator: String = "") -> String {
    guard let first else { return "" }
    var bytes = separator.utf8.count * (count - 1)
    for element in self { bytes += element.utf8.count }
    var joined = ""
    joined.reserveCapacity(bytes)
    joined += first
    for element in dropFirst() {
      joined += separator
      joined += element
    }
    return joined
  }
}
