import Foundation

/// What an audit event records before it is chained: the trail gives it its id and hashes.
public struct AuditEntry: Sendable, Equatable {
  /// Who did it: an auditor's name or the login name.
  public var actor: String
  /// What was done, e.g. `link.create`.
  public var action: String
  /// What it was done to, e.g. `link:12`.
  public var subject: String
  /// The subject's state before, as JSON.
  public var before: String?
  /// The subject's state after, as JSON.
  public var after: String?
  /// When it happened.
  public var at: Date

  /// Creates an entry.
  public init(
    actor: String, action: String, subject: String, before: String? = nil, after: String? = nil,
    at: Date = Date()
  ) {
    self.actor = actor
    self.action = action
    self.subject = subject
    self.before = before
    self.after = after
    self.at = at
  }

  /// The event this entry becomes when chained after `previousHash` as event `id`.
  public func chained(id: Int64, after previousHash: String) -> AuditEvent {
    let timestamp = Timestamp.string(at)
    let hash = AuditEvent.chainHash(
      previousHash: previousHash, id: id, at: timestamp, actor: actor, action: action, subject: subject,
      before: before, after: after)
    return AuditEvent(
      id: id, at: timestamp, actor: actor, action: action, subject: subject, before: before, after: after,
      previousHash: previousHash, hash: hash)
  }
}
