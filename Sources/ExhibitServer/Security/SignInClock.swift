import Foundation

/// The time sign-in throttling reads and waits by: the system's, or one a test moves by hand, so
/// the throttle's waits are checked without sleeping through them.
public struct SignInClock: Sendable {
  /// The time now.
  public let now: @Sendable () -> Date
  /// Waits this many seconds before a failed sign-in is answered.
  public let sleep: @Sendable (TimeInterval) async -> Void

  /// A clock from its two operations.
  public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (TimeInterval) async -> Void) {
    self.now = now
    self.sleep = sleep
  }

  /// The system's clock, which really waits.
  public static let system = SignInClock(
    now: { Date() }, sleep: { seconds in try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) })
}
