import ExhibitPostgres
import Foundation

/// Failed sign-ins counted in the team's database, the same for every server on it.
struct PostgresSignInLedger: SignInFailureLedger {
  let catalogue: PostgresCatalogue

  func failures(_ keys: [String], since: Date) async throws -> [String: SignInFailureCount] {
    try await catalogue.signInFailures(keys, since: since).mapValues {
      SignInFailureCount(failures: $0.failures, last: $0.last)
    }
  }

  func recordFailure(_ keys: [String], at now: Date, window: TimeInterval) async throws {
    try await catalogue.recordSignInFailure(keys, at: now, window: window)
  }

  func forget(_ key: String) async throws {
    try await catalogue.forgetSignInFailures(key)
  }
}
