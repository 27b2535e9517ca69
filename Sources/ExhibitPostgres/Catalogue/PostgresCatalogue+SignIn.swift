import Foundation
import PostgresNIO

// The sign-in throttle's counts of failed sign-ins, shared by every server on the database
// (`sign_in_failure`, migration 8). A key is the throttle's: an account, an address, or both.

extension PostgresCatalogue {
  /// The failures under each of `keys` whose last came after `since`: the count and the time of
  /// the last, by key; a key with none is absent.
  /// - Throws: `PostgresStoreError`.
  public func signInFailures(_ keys: [String], since: Date) async throws -> [String: (
    failures: Int, last: Date
  )] {
    let after = since.timeIntervalSince1970
    var found: [String: (failures: Int, last: Date)] = [:]
    for row in try await store.execute(
      "SELECT key, failures, last_at FROM sign_in_failure WHERE key = ANY(\(keys)) AND last_at > \(after)")
    {
      let (key, failures, last) = try row.decode((String, Int, Double).self)
      found[key] = (failures, Date(timeIntervalSince1970: last))
    }
    return found
  }

  /// Counts one failure under each of `keys` at `now`, in one statement, so failures counted
  /// by several servers at once all count; a count whose last failure is `window` old or older
  /// starts again from one. Counts past their window are forgotten on the way.
  /// - Throws: `PostgresStoreError`.
  public func recordSignInFailure(_ keys: [String], at now: Date, window: TimeInterval) async throws {
    let (time, expired) = (now.timeIntervalSince1970, now.timeIntervalSince1970 - window)
    _ = try await store.execute(
      """
      INSERT INTO sign_in_failure AS f (key, failures, last_at) SELECT unnest(\(keys)::text[]), 1, \(time)
      ON CONFLICT (key) DO UPDATE SET
        failures = CASE WHEN f.last_at <= \(expired) THEN 1 ELSE f.failures + 1 END, last_at = \(time)
      """)
    _ = try await store.execute("DELETE FROM sign_in_failure WHERE last_at <= \(expired)")
  }

  /// Forgets the failures under `key`.
  /// - Throws: `PostgresStoreError`.
  public func forgetSignInFailures(_ key: String) async throws {
    _ = try await store.execute("DELETE FROM sign_in_failure WHERE key = \(key)")
  }
}
