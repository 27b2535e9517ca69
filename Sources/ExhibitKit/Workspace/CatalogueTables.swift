import ExhibitStorage

/// The catalogue's tables as `exhibit migrate` copies them between SQLite and PostgreSQL: those
/// of the domains on both backends, in the order their keys need, each with its columns and the
/// order its rows are compared in. Rows are copied as they are, ids and the audit chain included.
public enum CatalogueTables {
  /// How a column is stored on PostgreSQL (SQLite keeps a flag as the integer 0 or 1).
  package enum Kind: Sendable {
    case integer, text, flag, real
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
      name: "criteria_related_criterion",
      columns: [("document_id", .integer), ("criterion", .text), ("position", .integer)],
      order: "document_id, position"),
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
      name: "desk_settings", columns: [("account", .text), ("settings", .text), ("updated_at", .text)],
      order: "account"),
    Table(
      name: "product",
      columns: [
        ("id", .integer), ("name", .text), ("platforms", .text), ("url", .text), ("created_at", .text),
        ("created_by", .text),
      ], order: "id"),
    Table(
      name: "audit",
      columns: [
        ("id", .integer), ("product_id", .integer), ("release", .text), ("name", .text),
        ("from_audit_id", .integer), ("scope", .text), ("platforms", .text), ("opened_at", .text),
        ("opened_by", .text), ("closed_at", .text), ("closed_by", .text),
      ], order: "id"),
    Table(name: "workspace_setting", columns: [("key", .text), ("value", .text)], order: "key"),
    // The shared writer keeps the link's flags as the integers 0 and 1 on both backends.
    Table(
      name: "evidence_link",
      columns: [
        ("id", .integer), ("recording_id", .integer), ("item_id", .integer), ("start_ms", .integer),
        ("end_ms", .integer), ("verdict", .text), ("auditor", .text), ("note", .text),
        ("platform_override", .integer), ("created_at", .text), ("retracted_at", .text),
        ("retracted_by", .text), ("retraction_reason", .text), ("component_override", .integer),
        ("audit_id", .integer), ("carried_from", .integer), ("confirmed_from", .integer),
        ("environment", .text), ("observed_platform", .text), ("observed_assistive_tech", .text),
        ("outside_scope", .integer),
      ], order: "id"),
    // What a closed audit was read against; copied while its audit is open, as the close wrote it.
    Table(
      name: "closed_audit", columns: [("audit_id", .integer), ("wcag_override_through", .integer)],
      order: "audit_id"),
    Table(
      name: "closed_audit_criteria",
      columns: [("audit_id", .integer), ("family", .text), ("component", .text), ("document_id", .integer)],
      order: "audit_id, family, component"),
    Table(
      name: "closed_audit_recording",
      columns: [
        ("audit_id", .integer), ("recording_id", .integer), ("platform", .text), ("assistive_tech", .text),
        ("browser", .text), ("os_version", .text), ("device", .text),
      ], order: "audit_id, recording_id"),
    Table(
      name: "suggestion_dismissal",
      columns: [
        ("id", .integer), ("audit_id", .integer), ("recording_id", .integer), ("item_id", .integer),
        ("start_ms", .integer), ("dismissed_by", .text), ("dismissed_at", .text), ("reason", .text),
      ], order: "id"),
    Table(
      name: "acr_decision",
      columns: [
        ("id", .integer), ("audit_id", .integer), ("criterion", .text), ("component_type", .text),
        ("level", .text), ("remarks", .text), ("actor", .text), ("created_at", .text),
      ], order: "id"),
    Table(
      name: "conformance_setting",
      columns: [("name", .text), ("value", .text), ("actor", .text), ("set_at", .text)], order: "name"),
    Table(
      name: "finding",
      columns: [
        ("id", .integer), ("product_id", .integer), ("audit_id", .integer), ("title", .text),
        ("severity", .text), ("status", .text), ("status_round", .integer), ("status_by", .text),
        ("reason", .text), ("merged_into", .integer), ("tracker_kind", .text), ("tracker_key", .text),
        ("tracker_url", .text), ("created_at", .text), ("updated_at", .text),
      ], order: "id"),
    Table(
      name: "finding_column",
      columns: [
        ("id", .integer), ("finding_id", .integer), ("product_id", .integer), ("item_key", .text),
        ("platform", .text), ("assistive_tech", .text),
      ], order: "id"),
    Table(
      name: "team_key",
      columns: [
        ("id", .integer), ("name", .text), ("public_key", .text), ("fingerprint", .text), ("added_at", .text),
        ("added_by", .text), ("revoked_at", .text), ("revoked_by", .text),
      ], order: "id"),
    Table(
      name: "approval",
      columns: [
        ("id", .integer), ("audit_id", .integer), ("kind", .text), ("item_key", .text), ("platform", .text),
        ("assistive_tech", .text), ("criterion", .text), ("component_type", .text), ("covers", .text),
        ("approver", .text), ("created_at", .text), ("voided_at", .text), ("voided_by", .text),
      ], order: "id"),
    Table(
      name: "hearing",
      columns: [
        ("recording_id", .integer), ("model", .text), ("vocabulary_sha256", .text), ("phrases", .integer),
        ("audio_seconds", .real), ("heard_at", .text),
      ], order: "recording_id"),
    Table(
      name: "heard_phrase",
      columns: [
        ("id", .integer), ("recording_id", .integer), ("start_ms", .integer), ("end_ms", .integer),
        ("text", .text), ("confidence", .real),
      ], order: "id"),
    Table(
      name: "utterance",
      columns: [("id", .integer), ("recording_id", .integer), ("start_ms", .integer), ("end_ms", .integer)],
      order: "id"),
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
}

/// Every row of the shared tables, by table, each row's values in its columns' order.
public typealias CatalogueRows = [String: [[SQLValue]]]

extension CatalogueTables {
  /// `rows` with every audit open, and the closings to apply once every row is in: a link,
  /// dismissal or report decision goes only into an open audit, on both backends, so a closed
  /// audit's rows are copied before it is closed again.
  /// - Returns: The rows to insert, and each closed audit's `closed_at`, `closed_by` and `id`.
  package static func closingsDeferred(_ rows: CatalogueRows) -> (rows: CatalogueRows, closings: [[SQLValue]])
  {
    guard let audits = rows["audit"], let columns = shared.first(where: { $0.name == "audit" })?.columns,
      let at = columns.firstIndex(where: { $0.name == "closed_at" }),
      let by = columns.firstIndex(where: { $0.name == "closed_by" })
    else { return (rows, []) }
    var opened = rows
    var closings: [[SQLValue]] = []
    opened["audit"] = audits.map { row in
      guard row[at] != .null else { return row }
      closings.append([row[at], row[by], row[0]])
      var open = row
      open[at] = .null
      open[by] = .null
      return open
    }
    return (opened, closings)
  }

  /// The statement that closes an audit again after its rows are copied.
  package static let closing = "UPDATE audit SET closed_at = ?, closed_by = ? WHERE id = ?"
}
