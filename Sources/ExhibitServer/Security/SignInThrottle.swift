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
/// Failures are forgotten 15 minutes after the last. They are counted in a ``SignInFailureLedger``:
/// memory for a workspace's own server, the database for servers sharing a catalogue, so
/// spreading attempts over servers gains a guesser nothing. Attempts in flight are this server's.
final class SignInThrottle: Sendable {
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

  /// Attempts admitted and not yet finished, by pair and by account.
  private let inFlight = NIOLockedValueBox<[String: Int]>([:])
  private let ledger: any SignInFailureLedger
  private let base: TimeInterval
  private let ceiling: TimeInterval
  /// The time failures are counted by, and waited out with.
  let clock: SignInClock

  /// A throttle counting failures in `ledger`; tests shorten the base wait, or move the clock
  /// by hand.
  init(
    base: TimeInterval = 0.5, ceiling: TimeInterval = 16, clock: SignInClock = .system,
    ledger: any SignInFailureLedger = MemorySignInLedger()
  ) {
    self.base = base
    self.ceiling = ceiling
    self.clock = clock
    self.ledger = ledger
  }

  /// Waits out an admitted attempt's wait, by the throttle's clock.
  func wait(_ seconds: TimeInterval) async {
    if seconds > 0 { await clock.sleep(seconds) }
  }

  /// Admits or refuses an attempt to sign in to `account` from `address`.
  /// - Throws: The ledger's error (the attempt is not admitted then).
  func admit(account: String, address: String) async throws -> Admission {
    let now = clock.now()
    let keys = Keys(account: account, address: address)
    let counts = try await ledger.failures(
      [keys.pair, keys.address, keys.account], since: now.addingTimeInterval(-Self.window))
    if let closed = counts[keys.account], closed.failures >= Self.accountCeiling {
      let since = now.timeIntervalSince(closed.last)
      return .refused(retryAfter: max(1, Int((Self.window - since).rounded(.up))))
    }
    let wait = [keys.pair, keys.address].map { delay(counts[$0]?.failures ?? 0) }.max() ?? 0
    return inFlight.withLockedValue { inFlight in
      if inFlight[keys.pair, default: 0] > 0 || inFlight[keys.account, default: 0] >= Self.accountConcurrency
      {
        return .refused(retryAfter: max(1, Int(wait.rounded(.up))))
      }
      inFlight[keys.pair, default: 0] += 1
      inFlight[keys.account, default: 0] += 1
      return .proceed(wait: wait, ticket: Ticket(account: account, address: address))
    }
  }

  /// Ends an admitted attempt: a success forgets its pair's failures, a failure counts against
  /// the pair, the address and the account.
  /// - Throws: The ledger's error (the attempt is no longer in flight all the same).
  func finish(_ ticket: Ticket, succeeded: Bool) async throws {
    let now = clock.now()
    let keys = Keys(account: ticket.account, address: ticket.address)
    inFlight.withLockedValue { inFlight in
      for key in [keys.pair, keys.account] {
        inFlight[key, default: 1] -= 1
        if inFlight[key] ?? 0 <= 0 { inFlight[key] = nil }
      }
    }
    if succeeded {
      try await ledger.forget(keys.pair)
    } else {
      try await ledger.recordFailure([keys.pair, keys.address, keys.account], at: now, window: Self.window)
    }
  }

  private func delay(_ failures: Int) -> TimeInterval {
    failures > 0 ? min(base * pow(2, Double(failures - 1)), ceiling) : 0
  }

  /// The keys an attempt's failures are counted under.
  private struct Keys {
    let pair: String
    let address: String
    let account: String

    init(account: String, address: String) {
      pair = "pair:\(account)|\(address)"
      self.address = "address:\(address)"
      self.account = "account:\(account)"
    }
  }
}
