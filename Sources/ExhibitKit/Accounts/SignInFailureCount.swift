import Foundation

/// How many sign-ins failed under one key of the sign-in throttle (an account, an address, or the
/// two), and when the last did.
public struct SignInFailureCount: Sendable, Equatable {
  /// The failures counted in the current window.
  public var failures: Int
  /// When the last failed.
  public var last: Date

  /// - Parameters:
  ///   - failures: The failures counted in the current window.
  ///   - last: When the last failed.
  public init(failures: Int, last: Date) {
    self.failures = failures
    self.last = last
  }
}
