import ExhibitKit

/// The audit a visitor works in, and the others they may switch to: shown in every page's header.
///
/// The choice is the `exhibit_audit` cookie; without one (or when it names no audit) it is the
/// workspace's audit in use, else its only open audit, else its newest open one, else its newest.
struct AuditMenu: Sendable, Equatable {
  /// The cookie that keeps a visitor's choice.
  static let cookieName = "exhibit_audit"

  var current: AuditIdentity?
  var choices: [AuditIdentity] = []

  /// The menu for a visitor whose cookie says `choice`.
  /// - Throws: ``SQLiteError``.
  static func read(choice: String?, from store: any CatalogueStorage) async throws -> AuditMenu {
    let audits = try await store.audits(product: nil)
    guard !audits.isEmpty else { return AuditMenu() }
    let chosen = choice.flatMap(Int64.init).flatMap { id in audits.first { $0.id == id } }
    let fallback =
      (try? await store.currentAudit(nil)).flatMap { $0 } ?? audits.last { $0.state == .open } ?? audits.last
    return AuditMenu(current: (chosen ?? fallback)?.identity, choices: audits.map(\.identity).reversed())
  }
}
