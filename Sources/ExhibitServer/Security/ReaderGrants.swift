import NIOConcurrencyHelpers
import NIOCore

/// Sessions the server has just seen signed in with a role that may read, so that a request for a
/// recording's bytes (``MediaFastPath``) need not ask the database again.
///
/// A grant holds while the database is unchanged (signing out, a role changed or a session
/// ended all write to it) and for at most ``lifetime`` after the database was asked, so a session
/// that expires by the clock is refused at most that late. Anything not granted goes the slow
/// way, through ``VisitorMiddleware``, which asks the database and grants again.
final class ReaderGrants: Sendable {
  /// How long a grant holds without asking the database again.
  static let lifetime = TimeAmount.seconds(1)

  private struct Grant {
    let version: Int64
    let until: NIODeadline
  }

  private let grants = NIOLockedValueBox<[String: Grant]>([:])
  private let limit: Int

  /// Grants for at most `limit` sessions at once (the oldest are forgotten all together).
  init(limit: Int = 4096) {
    self.limit = limit
  }

  /// Grants the session stored as `sessionKey`, found signed in at database version `version`.
  func grant(_ sessionKey: String, version: Int64) {
    grants.withLockedValue { grants in
      if grants.count >= limit { grants = [:] }
      grants[sessionKey] = Grant(version: version, until: .now() + Self.lifetime)
    }
  }

  /// Forgets the session stored as `sessionKey` at once: it signed out here.
  func revoke(_ sessionKey: String) {
    _ = grants.withLockedValue { $0.removeValue(forKey: sessionKey) }
  }

  /// Whether the session stored as `sessionKey` may read at database version `version`.
  func allows(_ sessionKey: String, version: Int64) -> Bool {
    grants.withLockedValue { grants in
      guard let grant = grants[sessionKey] else { return false }
      return grant.version == version && grant.until > .now()
    }
  }
}
