import ExhibitSQLite

/// The catalogue's tables as `exhibit migrate` copies them between SQLite and PostgreSQL: those
/// of the domains on both backends, in the order their keys need, each with its columns and the
/// order its rows are compared in. Rows are copied as they are, ids and the audit chain included.
public enum CatalogueTables {
  /// How a column is stored on PostgreSQL (SQLite keeps a flag as the integer 0 or 1).
  package enum Kind: Sendable {
    case integer, text, flag
  }

  /// One table.
  package struct Table: Sendable {
    package let name: String
    package let columns: [(name: String, kind: Kind)]
    /// The columns its rows are read in order of.
    package let order: String
    /// Whether `id` is its own (an identity on PostgreSQL, whose counter moves past the copied ids).
    package var hasID: Bool { columns.first?.name == "id" }
  }

  /// The tables both backends hold, parents first.
  package static let shared: [Table] = [
    Table(
      name: "criteria_document",
      columns: [
        ("id", .integer), ("family", .text), ("category", .text), ("component", .text), ("title", .text),
        ("source_path", .text), ("format", .text), ("sha256", .text), ("revision", .integer),
        ("general_notes", .text), ("gherkin_given", .text), ("imported_at", .text),
      ], order: "id"),
    Table(
      name: "criteria_item",
      columns: [
        ("id", .integer), ("document_id", .integer), ("key", .text), ("section", .text), ("label", .text),
        ("expectation", .text), ("platforms", .text), ("not_applicable", .flag), ("position", .integer),
        ("notes", .text),
      ], order: "id"),
    Table(
      name: "criteria_related_criterion", columns: [("document_id", .integer), ("criterion", .text)],
      order: "document_id, criterion"),
    Table(
      name: "gherkin_scenario",
      columns: [("id", .integer), ("document_id", .integer), ("position", .integer), ("title", .text)],
      order: "id"),
    Table(
      name: "gherkin_step",
      columns: [
        ("id", .integer), ("scenario_id", .integer), ("position", .integer), ("keyword", .text),
        ("text", .text),
        ("depth", .integer),
      ], order: "id"),
    Table(
      name: "developer_note",
      columns: [
        ("id", .integer), ("document_id", .integer), ("platform", .text), ("framework", .text),
        ("topic", .text),
        ("position", .integer), ("text", .text),
      ], order: "id"),
    Table(
      name: "announcement_example",
      columns: [
        ("id", .integer), ("document_id", .integer), ("platform", .text), ("framework", .text),
        ("position", .integer), ("text", .text),
      ], order: "id"),
    Table(
      name: "video_reference",
      columns: [
        ("id", .integer), ("document_id", .integer), ("position", .integer), ("heading", .text),
        ("source_path", .text), ("caption_path", .text), ("platform", .text), ("assistive_tech", .text),
        ("browser", .text),
      ], order: "id"),
    Table(
      name: "component_alias",
      columns: [("family", .text), ("alias", .text), ("component", .text), ("source", .text)],
      order: "family, alias, component"),
    Table(
      name: "wcag_override",
      columns: [
        ("id", .integer), ("item_key", .text), ("criterion", .text), ("relation", .text), ("reason", .text),
        ("actor", .text), ("created_at", .text),
      ], order: "id"),
    Table(
      name: "recording",
      columns: [
        ("id", .integer), ("sha256", .text), ("size", .integer), ("status", .text), ("error", .text),
        ("container", .text), ("duration_ms", .integer), ("bit_rate", .integer), ("tags", .text),
        ("family", .text), ("family_source", .text), ("component", .text), ("component_source", .text),
        ("platform", .text), ("platform_source", .text), ("assistive_tech", .text),
        ("assistive_tech_source", .text), ("browser", .text), ("browser_source", .text),
        ("os_version", .text),
        ("os_version_source", .text), ("device", .text), ("device_source", .text), ("catalogued_at", .text),
      ], order: "id"),
    Table(
      name: "recording_stream",
      columns: [
        ("id", .integer), ("recording_id", .integer), ("stream_index", .integer), ("kind", .text),
        ("codec", .text), ("width", .integer), ("height", .integer), ("frame_rate", .text),
        ("sample_rate", .integer), ("channels", .integer), ("bit_rate", .integer), ("language", .text),
      ], order: "id"),
    Table(
      name: "recording_path",
      columns: [
        ("id", .integer), ("recording_id", .integer), ("path", .text), ("name", .text), ("size", .integer),
        ("mtime_ns", .integer), ("inode", .integer), ("device", .integer), ("first_seen", .text),
        ("last_seen", .text), ("missing_since", .text),
      ], order: "id"),
    Table(
      name: "caption_track",
      columns: [
        ("id", .integer), ("recording_id", .integer), ("path", .text), ("language", .text), ("sha256", .text),
        ("size", .integer), ("mtime_ns", .integer), ("warnings", .text),
      ], order: "id"),
    Table(
      name: "caption_cue",
      columns: [
        ("id", .integer), ("track_id", .integer), ("position", .integer), ("identifier", .text),
        ("start_ms", .integer), ("end_ms", .integer), ("text", .text),
      ], order: "id"),
    Table(
      name: "caption_orphan",
      columns: [("path", .text), ("size", .integer), ("modified", .text), ("noted_at", .text)], order: "path"),
    Table(
      name: "stored_object",
      columns: [
        ("location", .text), ("sha256", .text), ("kind", .text), ("size", .integer), ("stored_at", .text),
      ], order: "location, sha256"),
    Table(
      name: "account",
      columns: [("name", .text), ("role", .text), ("password_hash", .text), ("created_at", .text)],
      order: "name"),
    Table(
      name: "audit_event",
      columns: [
        ("id", .integer), ("at", .text), ("actor", .text), ("action", .text), ("subject", .text),
        ("before", .text), ("after", .text), ("previous_hash", .text), ("hash", .text),
      ], order: "id"),
    Table(
      name: "audit_subject", columns: [("subject", .text), ("event_id", .integer)], order: "event_id, subject"
    ),
  ]

  /// SQLite's tables of the domains not on PostgreSQL yet, by what they hold: a workspace with
  /// rows in any cannot be copied whole, so `migrate` refuses it. (Sign-in sessions and the
  /// server's key are not the catalogue's: a server makes them again, and signing in again is
  /// asked of everyone.)
  package static let sqliteOnly: [(table: String, holds: String)] = [
    ("evidence_link", "evidence links"),
    ("product", "products"), ("audit", "audits"), ("suggestion_dismissal", "dismissed suggestions"),
    ("acr_decision", "conformance report decisions"), ("conformance_setting", "conformance report settings"),
    ("workspace_setting", "workspace settings"),
  ]
}

/// Every row of the shared tables, by table, each row's values in its columns' order.
public typealias CatalogueRows = [String: [[SQLValue]]]
