import ExhibitKit

/// Who is asking, as the server decided for one request.
public struct Visitor: Sendable, Equatable {
  /// The name links and the audit trail record, or nil before signing in.
  public let name: String?
  /// What they may do, or nil before signing in.
  public let role: AccountRole?
  /// The token every form and POST must carry.
  public let csrfToken: String
  /// Whether they signed in with an account (and so may sign out).
  public var signedIn = false
  /// The audit they work in and the ones they may switch to.
  var audits = AuditMenu()

  /// Whether the visitor may judge in the audit they work in: an auditor, in an open audit (or
  /// in a workspace that has none yet, where the first link opens one).
  var mayJudge: Bool { mayWrite && audits.current?.state != .closed }

  /// The audit they work in, as store calls name it; nil in a workspace without audits.
  var audit: String? { audits.current.map { String($0.id) } }

  /// Whether the visitor may read pages, recordings and bundles.
  var mayRead: Bool { role != nil }
  /// Whether the visitor may link, retract and accept suggestions.
  var mayWrite: Bool { role?.mayWrite ?? false }
}
