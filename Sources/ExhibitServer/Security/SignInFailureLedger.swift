import ExhibitKit
import Foundation

/// Where the sign-in throttle counts failures: the catalogue's database, which every server on it
/// shares, so a guesser spreading attempts over several servers is counted once
/// (``CatalogueSignInLedger``), or a test's memory (``MemorySignInLedger``).
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
