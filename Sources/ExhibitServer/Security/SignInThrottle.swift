import Foundation
import NIOConcurrencyHelpers

/// Slows and bounds sign-in attempts, so that guessing costs the guesser and not the owner.
///
/// - An attempt is admitted atomically, before any password is checked: the wait it must sit out
///   is claimed in the same step that marks it in flight. A second attempt for the same account
///   from the same address while one is in flight, or more than ``accountConcurrency`` in flight
///   for one account, is refused at once (429 with `Retry-After`), so parallel guesses cost no
///   bcrypt at all.
/// - Waits double with each failure, from the base up to 16 seconds, per account and address
///   pair, and per address across accounts (spraying one password over many names): an owner
///   signing in from elsewhere is not held by an attacker's failures.
/// - Over ``accountCeiling`` failures for one account within 15 minutes, from any addresses,
///   refuse every attempt for it until the window passes.
/// Failures are forgotten 15 minutes after the last.
final class SignInThrottle: Sendable {
  private struct Record {
    var failures = 0
    var last = Date.distantPast
  }

  private struct State {
    var records: [String: Record] = [:]
    /// Attempts admitted and not yet finished, by pair and by account.
    var inFlight: [String: Int] = [:]
  }

  /// What an attempt may do.
  enum Admission: Equatable {
    /// Check the password after waiting this long; report the outcome with ``finish(_:succeeded:)``.
    case proceed(wait: TimeInterval, ticket: Ticket)
    /// Answer 429 now; the client may try again after this many seconds.
    case refused(retryAfter: Int)
  }

  /// An admitted attempt, to finish.
  struct Ticket: Equatable, Sendable {
    let account: String
    let address: String
  }

  static let window: TimeInterval = 15 * 60
  /// Attempts for one account in flight at once, from all addresses.
  static let accountConcurrency = 4
  /// Failures for one account within the window, from all addresses, before it is closed.
  static let accountCeiling = 100

  private let state = NIOLockedValueBox(State())
  private let base: TimeInterval
  private let ceiling: TimeInterval
  /// The time failures are counted by, and waited out with.
  let clock: SignInClock

  /// A throttle; tests shorten the base wait, or move the clock by hand.
  init(base: TimeInterval = 0.5, ceiling: TimeInterval = 16, clock: SignInClock = .system) {
    self.base = base
    self.ceiling = ceiling
    self.clock = clock
  }

  /// Waits out an admitted attempt's wait, by the throttle's clock.
  func wait(_ seconds: TimeInterval) async {
    if seconds > 0 { await clock.sleep(seconds) }
  }

  /// Admits or refuses an attempt to sign in to `account` from `address`.
  func admit(account: String, address: String) -> Admission {
    let now = clock.now()
    return state.withLockedValue { state in
      let pair = Self.pairKey(account, address)
      let accountKey = "account:\(account)"
      let accountFailures = failures(state, accountKey, now)
      if accountFailures >= Self.accountCeiling {
        let since = now.timeIntervalSince(state.records[accountKey]?.last ?? now)
        return .refused(retryAfter: max(1, Int((Self.window - since).rounded(.up))))
      }
      let wait = [pair, "address:\(address)"].map { delay(failures(state, $0, now)) }.max() ?? 0
      if state.inFlight[pair, default: 0] > 0
        || state.inFlight[accountKey, default: 0] >= Self.accountConcurrency
      {
        return .refused(retryAfter: max(1, Int(wait.rounded(.up))))
      }
      state.inFlight[pair, default: 0] += 1
      state.inFlight[accountKey, default: 0] += 1
      return .proceed(wait: wait, ticket: Ticket(account: account, address: address))
    }
  }

  /// Ends an admitted attempt: a failure counts against its pair, its address and its account;
  /// a success forgets the pair's failures.
  func finish(_ ticket: Ticket, succeeded: Bool) {
    let now = clock.now()
    state.withLockedValue { state in
      let pair = Self.pairKey(ticket.account, ticket.address)
      let accountKey = "account:\(ticket.account)"
      for key in [pair, accountKey] {
        state.inFlight[key, default: 1] -= 1
        if state.inFlight[key] ?? 0 <= 0 { state.inFlight[key] = nil }
      }
      if succeeded {
        state.records[pair] = nil
        return
      }
      for key in [pair, "address:\(ticket.address)", accountKey] {
        var record = state.records[key] ?? Record()
        if now.timeIntervalSince(record.last) >= Self.window { record.failures = 0 }
        record.failures += 1
        record.last = now
        state.records[key] = record
      }
      if state.records.count > 10_000 {
        state.records = state.records.filter { now.timeIntervalSince($0.value.last) < Self.window }
      }
    }
  }

  private func failures(_ state: State, _ key: String, _ now: Date) -> Int {
    guard let record = state.records[key], now.timeIntervalSince(record.last) < Self.window else { return 0 }
    return record.failures
  }

  private func delay(_ failures: Int) -> TimeInterval {
    failures > 0 ? min(base * pow(2, Double(failures - 1)), ceiling) : 0
  }

  private static func pairKey(_ account: String, _ address: String) -> String {
    "pair:\(account)|\(address)"
  }
}
