import Foundation
import NIOConcurrencyHelpers

/// Slows failed sign-ins: each failure for an account (or from an address) doubles the wait
/// before the next answer for it, from half a second up to 16 seconds, until a sign-in works
/// or 15 minutes pass without a failure.
final class SignInThrottle: Sendable {
  private struct Record {
    var failures: Int
    var last: Date
  }

  private let records = NIOLockedValueBox<[String: Record]>([:])
  private let base: TimeInterval
  private let ceiling: TimeInterval

  /// A throttle; tests shorten the base wait.
  init(base: TimeInterval = 0.5, ceiling: TimeInterval = 16) {
    self.base = base
    self.ceiling = ceiling
  }

  /// How long to wait before answering a sign-in for these keys (account name, address).
  func delay(for keys: [String], now: Date = Date()) -> TimeInterval {
    records.withLockedValue { records in
      keys.compactMap { key -> TimeInterval? in
        guard let record = records[key], now.timeIntervalSince(record.last) < 15 * 60, record.failures > 0
        else {
          return nil
        }
        return min(base * pow(2, Double(record.failures - 1)), ceiling)
      }.max() ?? 0
    }
  }

  /// Counts a failure against each key.
  func failed(_ keys: [String], now: Date = Date()) {
    records.withLockedValue { records in
      for key in keys {
        var record = records[key] ?? Record(failures: 0, last: now)
        if now.timeIntervalSince(record.last) >= 15 * 60 { record.failures = 0 }
        record.failures += 1
        record.last = now
        records[key] = record
      }
      if records.count > 10_000 {
        records = records.filter { now.timeIntervalSince($0.value.last) < 15 * 60 }
      }
    }
  }

  /// Forgets the failures of an account that signed in.
  func succeeded(_ key: String) {
    _ = records.withLockedValue { $0.removeValue(forKey: key) }
  }
}
