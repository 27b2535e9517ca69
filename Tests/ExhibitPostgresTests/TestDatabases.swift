import ExhibitKit
import ExhibitPostgres
import ExhibitTestServers
import Foundation
import Testing

/// The PostgreSQL cluster the suite's tests share, started on first use; each test makes a
/// database of its own in it. It ends with the test process (its launcher watches for that).
let sharedPostgres = Result { try PostgresServer() }

/// The two backends the contract suite runs every operation on.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite, postgres

  var testDescription: String { rawValue }
}

/// A database of the shared cluster migrated once, its schema owned by `exhibit_owner` and the
/// application's rights granted to `exhibit_app`, closed to connections so it can be copied.
let migratedPostgres = Task { () async throws -> String in
  let server = try await offThePool { try sharedPostgres.get() }
  let database = try await offThePool { try server.makeDatabase() }
  var owner = try server.location(role: "exhibit_owner")
  owner.database = database
  try await PostgresStore.with(owner) { try await $0.migrate(grantingTo: "exhibit_app") }
  try await offThePool { try server.closeToConnections(database) }
  return database
}

/// A new, migrated PostgreSQL database in the shared cluster: a copy of ``migratedPostgres``
/// (copying takes a tenth of the time migrating takes).
/// - Returns: The cluster and the database's name.
func newPostgresDatabase() async throws -> (server: PostgresServer, database: String) {
  let server = try await offThePool { try sharedPostgres.get() }
  let template = try await migratedPostgres.value
  let database = try await offThePool { try server.makeDatabase(copying: template) }
  return (server, database)
}

/// Runs `body` on an empty audit trail of `backend`, as the application would use it: a SQLite
/// workspace database in a temporary folder, or a new PostgreSQL database as `exhibit_app`.
func withEmptyTrail<T: Sendable>(
  _ backend: Backend, _ body: (any AuditTrailStorage) async throws -> T
) async throws -> T {
  try await withEmptyCatalogue(backend) { try await body($0) }
}

/// What the contract suite needs of a catalogue: the seams built on both backends.
typealias ContractCatalogue = CatalogueStorage

/// Runs `body` on an empty catalogue of `backend`, as the application would use it: a SQLite
/// workspace database in a temporary folder, or a new PostgreSQL database as `exhibit_app`.
func withEmptyCatalogue<T: Sendable>(
  _ backend: Backend, _ body: (any ContractCatalogue) async throws -> T
) async throws -> T {
  switch backend {
  case .sqlite:
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-contract-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try Store.open(at: folder.appendingPathComponent("exhibit.sqlite").path, access: .write)
    defer { try? store.close() }
    return try await body(WorkspaceCatalogue(store: store))
  case .postgres:
    let (server, database) = try await newPostgresDatabase()
    var location = try server.location()
    location.database = database
    return try await PostgresStore.with(location) { try await body(PostgresCatalogue(store: $0)) }
  }
}

/// The catalogue's audit events as lines to compare between backends: everything but the time.
func auditLines(of catalogue: any ContractCatalogue) async throws -> [String] {
  try await catalogue.auditEvents().map {
    "\($0.id) \($0.actor) \($0.action) \($0.subject) \($0.before ?? "-") \($0.after ?? "-")"
  }
}

/// Audit lines (``auditLines(of:)``) without their ids, sorted: events compared as a set.
func unorderedEvents(_ events: [String]) -> [String] {
  events.map { $0.drop { $0 != " " } }.map(String.init).sorted()
}

/// The repository's root folder.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// Parses a file that must be a criteria document.
func criteriaDocument(_ path: String) throws -> CriteriaDocument {
  let url = repositoryRoot.appendingPathComponent(path)
  let outcome = try CriteriaParser().parse(bytes: Array(try Data(contentsOf: url)), path: url.path)
  guard case .document(let document) = outcome else {
    throw CriteriaParseError(path: path, line: 0, reason: "expected a criteria document, got \(outcome)")
  }
  return document
}

/// `../shared/corpus/magentaA11y/documentation` beside the repository, when present.
let corpusDocuments: URL? = {
  let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent(
    "shared/corpus/magentaA11y/documentation")
  return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()

/// `../shared/corpus/magentaA11y/media` beside the repository, when present: its recordings.
let corpusMedia: URL? = {
  let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent(
    "shared/corpus/magentaA11y/media")
  return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()

/// A listing's line, everything but the time of import.
func listingLine(_ summary: CriteriaDocumentSummary) -> String {
  "\(summary.component) \(summary.format) r\(summary.revision) items=\(summary.itemCount) "
    + "primary=\(summary.primary) stale=\(summary.staleLinks) \(summary.sha256) \(summary.sourcePath) "
    + "\(summary.title)|\(summary.category)|\(summary.aliases)"
}

/// Everything of a component's criteria but the time of import.
func criteriaText(_ criteria: ComponentCriteria) -> String {
  "\(listingLine(criteria.document))\n\(criteria.items)\n\(criteria.gherkinGiven)\n\(criteria.scenarios)\n"
    + "\(criteria.notes)\n\(criteria.announcements)\n\(criteria.videos)"
}
