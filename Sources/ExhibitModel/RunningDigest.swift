import Crypto

/// A SHA-256 computed over bytes as they pass (a recording streamed from a bucket to a player),
/// for callers that do not import Crypto.
public struct RunningDigest {
  private var hasher = SHA256()

  public init() {}

  /// Adds the next bytes.
  public mutating func update(_ bytes: [UInt8]) { hasher.update(data: bytes) }

  /// The digest of every byte added, as lowercase hexadecimal digits.
  public func hexString() -> String { hasher.finalize().hexString }
}
