import ExhibitKit
import Foundation
import NIOConcurrencyHelpers

/// Failed sign-ins counted in memory: the throttle's own tests, which move its clock by hand.
/// A server counts them in its catalogue (``CatalogueSignInLedger``).
final class MemorySignInLedger: SignInFailureLedger {
  private let counts = NIOLockedValueBox<[String: SignInFailureCount]>([:])
  /// Past this many keys, those whose window has passed are dropped.
  private static let pruneAbove = 10_000

  func failures(_ keys: [String], since: Date) -> [String: SignInFailureCount] {
    counts.withLockedValue { counts in
      var found: [String: SignInFailureCount] = [:]
      for key in keys {
        if let count = counts[key], count.last > since { found[key] = count }
      }
      return found
    }
  }

  func recordFailure(_ keys: [String], at now: Date, window: TimeInterval) {
    counts.withLockedValue { counts in
      for key in keys {
        var count = counts[key] ?? SignInFailureCount(failures: 0, last: .distantPast)
        if now.timeIntervalSince(count.last) >= window { count.failures = 0 }
        count.failures += 1
        count.last = now
        counts[key] = count
      }
      if counts.count > Self.pruneAbove {
        counts = counts.filter { now.timeIntervalSince($0.value.last) < window }
      }
    }
  }

  func forget(_ key: String) {
    counts.withLockedValue { $0[key] = nil }
  }
}
