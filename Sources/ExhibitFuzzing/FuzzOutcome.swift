/// What one fuzz input did.
public enum FuzzOutcome: Sendable, Equatable {
  /// The parser read the input; the text says what it found.
  case accepted(String)
  /// The parser refused the input with a clean error; the text is the error as a user sees it.
  case refused(String)
  /// A promise was broken: an unexpected error type, an error that does not name the file, or a
  /// result that contradicts itself. The fuzzer stops and keeps the input.
  case broken(String)

  /// Whether the input was handled as promised.
  public var isClean: Bool {
    if case .broken = self { return false }
    return true
  }
}
