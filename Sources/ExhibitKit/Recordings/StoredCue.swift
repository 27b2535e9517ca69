import Crypto

/// A caption cue as Exhibit keeps it: its end never before its start, its text cut to
/// ``longestText`` characters. The catalogue stores cues in this form, `exhibit verify` reads a
/// bag's caption files into it, and the audit trail records a digest of a track's cues in it.
struct StoredCue: Sendable, Equatable {
  var identifier: String?
  var startMilliseconds: Int
  var endMilliseconds: Int
  var text: String

  /// The most characters of one cue that are stored and searched.
  static let longestText = 4_000

  init(identifier: String?, startMilliseconds: Int, endMilliseconds: Int, text: String) {
    self.identifier = identifier
    self.startMilliseconds = startMilliseconds
    self.endMilliseconds = endMilliseconds
    self.text = text
  }

  /// The stored form of a parsed cue.
  init(_ cue: WebVTT.Cue) {
    identifier = cue.identifier
    startMilliseconds = cue.startMilliseconds
    endMilliseconds = max(cue.endMilliseconds, cue.startMilliseconds)
    text =
      cue.text.unicodeScalars.count > Self.longestText
      ? String(String.UnicodeScalarView(cue.text.unicodeScalars.prefix(Self.longestText))) : cue.text
  }

  /// SHA-256 over every cue in order, each field preceded by its length (so no two lists of cues
  /// give the same text to hash).
  static func digest(_ cues: some Sequence<StoredCue>) -> String {
    var digest = Digest()
    for cue in cues { digest.add(cue) }
    return digest.hex
  }

  /// ``digest(_:)`` taken a cue at a time.
  struct Digest {
    private var hasher = SHA256()

    /// Adds the next cue.
    mutating func add(_ cue: StoredCue) {
      for field in [cue.identifier, String(cue.startMilliseconds), String(cue.endMilliseconds), cue.text] {
        let bytes = Array((field ?? "").utf8)
        hasher.update(data: Array((field == nil ? "-1:" : "\(bytes.count):").utf8))
        hasher.update(data: bytes)
      }
    }

    /// The digest of the cues added, in hex.
    var hex: String { hasher.finalize().hexString }
  }
}
