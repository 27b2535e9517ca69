import ExhibitServer
import Foundation
import NIOConcurrencyHelpers

/// A sign-in clock that moves only when told, and records each wait instead of sleeping it.
final class ManualClock: Sendable {
  private let state = NIOLockedValueBox(
    (now: Date(timeIntervalSince1970: 1_790_000_000), waits: [TimeInterval]()))

  /// The waits slept so far, in order.
  var waits: [TimeInterval] { state.withLockedValue { $0.waits } }

  /// Moves the time on.
  func advance(_ seconds: TimeInterval) {
    state.withLockedValue { $0.now += seconds }
  }

  /// The clock the server reads: a wait is recorded, and moves the time on by itself.
  var signInClock: SignInClock {
    SignInClock(
      now: { self.state.withLockedValue { $0.now } },
      sleep: { seconds in
        self.state.withLockedValue {
          $0.waits.append(seconds)
          $0.now += seconds
        }
      })
  }
}
