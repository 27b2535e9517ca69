import ExhibitKit
import Foundation

/// Failed sign-ins counted in the catalogue's database (`sign_in_failure`), on either engine:
/// the same for every server on it, and kept across a restart.
struct CatalogueSignInLedger: SignInFailureLedger {
  /// The server's connections to the catalogue.
  let stores: CataloguePool

  func failures(_ keys: [String], since: Date) async throws -> [String: SignInFailureCount] {
    try await stores.read { try await $0.signInFailures(keys, since: since) }
  }

  func recordFailure(_ keys: [String], at now: Date, window: TimeInterval) async throws {
    try await stores.write { try await $0.recordSignInFailure(keys, at: now, window: window) }
  }

  func forget(_ key: String) async throws {
    try await stores.write { try await $0.forgetSignInFailures(key) }
  }
}
