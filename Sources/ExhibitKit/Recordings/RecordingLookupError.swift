/// Why a recording reference could not be resolved.
public enum RecordingLookupError: Error, Sendable, Equatable, CustomStringConvertible {
  case notFound(String)
  case ambiguous(String, matches: [String])

  public var description: String {
    switch self {
    case .notFound(let reference):
      "\(reference): no catalogued recording has this path or SHA-256 prefix; `exhibit recordings list` shows them"
    case .ambiguous(let reference, let matches):
      "\(reference): more than one recording matches; give more of the hash: \(matches.joined(separator: ", "))"
    }
  }
}
