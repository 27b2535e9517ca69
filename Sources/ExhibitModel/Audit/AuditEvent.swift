import Crypto
import Foundation

/// One entry of the append-only audit trail.
public struct AuditEvent: Sendable, Equatable, Codable {
  /// The row id, which orders the chain.
  public let id: Int64
  /// When it happened, ISO 8601 in UTC with milliseconds.
  public let at: String
  /// Who did it: an auditor's name or the login name.
  public let actor: String
  /// What was done, e.g. `criteria.import`, `recording.catalog`, `link.create`, `link.retract`.
  public let action: String
  /// What it was done to, e.g. `native/checkbox`, `recording:<sha256>`, `link:12`.
  public let subject: String
  /// The subject's state before, as JSON, when there was one.
  public let before: String?
  /// The subject's state after, as JSON.
  public let after: String?
  /// The previous event's hash (64 zeros for the first event).
  public let previousHash: String
  /// SHA-256 over ``previousHash`` and this event's content.
  public let hash: String

  /// Creates an event as it was stored; ``AuditEntry/chained(id:after:)`` makes a new one.
  public init(
    id: Int64, at: String, actor: String, action: String, subject: String, before: String?, after: String?,
    previousHash: String, hash: String
  ) {
    self.id = id
    self.at = at
    self.actor = actor
    self.action = action
    self.subject = subject
    self.before = before
    self.after = after
    self.previousHash = previousHash
    self.hash = hash
  }

  /// The hash the first event chains from.
  public static let genesisHash = String(repeating: "0", count: 64)

  /// Computes the chained hash of an event's content.
  ///
  /// Each field is written with its length in bytes before it, so no two different events can
  /// produce the same hashed text.
  public static func chainHash(
    previousHash: String, id: Int64, at: String, actor: String, action: String, subject: String,
    before: String?, after: String?
  ) -> String {
    var hasher = SHA256()
    let fields: [String?] = [previousHash, String(id), at, actor, action, subject, before, after]
    for field in fields {
      let bytes = Array((field ?? "").utf8)
      let header = field == nil ? "-1:" : "\(bytes.count):"
      hasher.update(data: Array(header.utf8))
      hasher.update(data: bytes)
    }
    return hasher.finalize().hexString
  }
}
