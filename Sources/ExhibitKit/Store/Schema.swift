import ExhibitSQLite
import ExhibitStorage

/// The database schema: every migration Exhibit knows, oldest first. Each step's SQL is a file,
/// `Database/migrations/NNN-name.sql`, compiled in by the EmbedSchema plugin; a step's Swift body
/// does what SQL cannot (reading stored text with ExhibitKit's parsers).
///
/// `Database/schema.sql` is the readable dump of a fresh database built from these steps; a test
/// fails when the two drift apart. The EmbedSchema plugin compiles it in as `snapshot`, the one
/// script a new database is made from.
public enum Schema {
  /// The ordered migrations.
  public static let migrations: [Migration] = [
    Migration(version: 1, name: "initial schema", sql: script(1)),
    Migration(version: 2, name: "search over Gherkin, developer notes and announcements", sql: script(2)),
    Migration(
      version: 3, name: "components named as MagentaA11y names them, with aliases", sql: script(3),
      body: { try ComponentRekeying.run(on: $0) }),
    Migration(
      version: 4, name: "links to another component's recording are stored overrides", sql: script(4)),
    Migration(
      version: 5, name: "the file says it is Exhibit's", sql: script(5)),
    Migration(version: 6, name: "a link is retracted only with its audit event", sql: script(6)),
    Migration(
      version: 7, name: "an identical link is found by an index",
      sql: script(7)),
    Migration(
      version: 8, name: "history finds events by the subjects they touch", sql: script(8),
      body: { try indexAuditSubjects($0) }),
    Migration(
      version: 9, name: "captions and recording names indexed with their component and platform",
      sql: script(9)),
    Migration(version: 10, name: "accounts and sessions for the web workspace", sql: script(10)),
    Migration(version: 11, name: "prefix indexes for captions and criteria items", sql: script(11)),
    Migration(version: 12, name: "each component's current criteria document kept", sql: script(12)),
    Migration(
      version: 13, name: "captions and recording names indexed once per transaction", sql: script(13)),
    Migration(
      version: 14, name: "the audit trail records what each verdict means", sql: "",
      body: { try appendAuditBaseline($0) }),
    Migration(
      version: 15,
      name: "item notes; a recording's device; attribution set by hand; caption files without a video",
      sql: script(15)
    ),
    // Runs last of all so far: it reads recordings with today's columns to re-attribute them.
    Migration(
      version: 16, name: "documents that took over another file's component get their own back", sql: "",
      body: { connection in
        if try TakeoverRepair.run(on: connection) > 0 {
          _ = try CatalogueWriter(connection: connection).refreshAttribution(actor: TakeoverRepair.actor)
        }
      }),
    Migration(
      version: 17, name: "audits: products, releases and rounds; every link in one audit", sql: script(17),
      body: { try adoptEarlierLinks($0) }),
    Migration(
      version: 18, name: "verdicts on screenshots and observations; suggestions dismissed", sql: script(18),
      body: { try allowObservations($0) }),
    Migration(
      version: 19, name: "conformance: a workspace's WCAG mapping rows and an audit's decided levels",
      sql: script(19)),
    Migration(version: 20, name: "evidence in shared storage: the objects a store holds", sql: script(20)),
    Migration(version: 21, name: "a document's related criteria keep their order", sql: script(21)),
    Migration(version: 22, name: "a closed audit is read as it was closed", sql: script(22)),
    Migration(version: 23, name: "a link outside its audit's scope says so", sql: script(23)),
    Migration(version: 24, name: "failed sign-ins counted in the database", sql: script(24)),
    Migration(version: 25, name: "findings: what a fail sets in motion", sql: script(25)),
    Migration(version: 26, name: "a team's signing keys", sql: script(26)),
    Migration(version: 27, name: "approvals: a second person's sign-off", sql: script(27)),
    Migration(version: 28, name: "hearing: what Exhibit heard in recordings", sql: script(28)),
    Migration(version: 29, name: "what Exhibit heard is searched", sql: script(29)),
    Migration(version: 30, name: "each account's desk settings", sql: script(30)),
    Migration(version: 31, name: "phrases of two words read from a caption pair index", sql: script(31)),
    Migration(version: 32, name: "link notes indexed with their filter tokens", sql: script(32)),
    Migration(version: 33, name: "current criteria documents indexed by id", sql: script(33)),
  ]

  /// `PRAGMA application_id` of an Exhibit database: "EXHB" (0x45584842).
  public static let applicationID: Int32 = 0x4558_4842

  /// The script of migration `version`, `Database/migrations/NNN-name.sql` (``scripts``).
  private static func script(_ version: Int) -> String {
    guard let sql = scripts[version] else {
      preconditionFailure("Database/migrations holds no script for version \(version)")
    }
    return sql
  }

  /// A migrator over ``migrations``, which makes a new database from ``snapshot``.
  public static let migrator = Migrator(migrations: migrations, snapshot: snapshot)

}
