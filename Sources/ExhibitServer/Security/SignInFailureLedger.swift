import Foundation

/// How many sign-ins failed under one key (an account, an address, or the two), and when the
/// last did.
struct SignInFailureCount: Sendable, Equatable {
  var failures: Int
  var last: Date
}

/// Where the sign-in throttle counts failures: this server's memory (``MemorySignInLedger``) or
/// the database every server shares (``PostgresSignInLedger``), so a guesser spreading attempts
/// over several servers is counted once.
protocol SignInFailureLedger: Sendable {
  /// The failures under each of `keys` whose last came after `since`; a key with none is absent.
  /// - Throws: The backend's error.
  func failures(_ keys: [String], since: Date) async throws -> [String: SignInFailureCount]

  /// Counts one failure under each of `keys` at `now`; a count whose last failure is `window`
  /// old or older starts again from one.
  /// - Throws: The backend's error.
  func recordFailure(_ keys: [String], at now: Date, window: TimeInterval) async throws

  /// Forgets the failures under `key` (a pair that signed in).
  /// - Throws: The backend's error.
  func forget(_ key: String) async throws
}
