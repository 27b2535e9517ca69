import Foundation

/// The PostgreSQL schema, made by numbered migrations as SQLite's is: `Migrations/NNN-name.sql`,
/// each applied once, in order, in a transaction of its own, and recorded in `exhibit_schema`.
public enum PostgresSchema {
  /// One numbered migration.
  struct Migration: Sendable {
    let version: Int
    let name: String
    let sql: String
  }

  /// Every migration, oldest first.
  static let migrations: [Migration] = [
    Migration(
      version: 1, name: "audit-trail",
      sql: String(decoding: PackageResources._01_audit_trail_sql, as: UTF8.self)),
    Migration(
      version: 2, name: "criteria",
      sql: String(decoding: PackageResources._02_criteria_sql, as: UTF8.self)),
    Migration(
      version: 3, name: "wcag-override",
      sql: String(decoding: PackageResources._03_wcag_override_sql, as: UTF8.self)),
    Migration(
      version: 4, name: "criteria-search",
      sql: String(decoding: PackageResources._04_criteria_search_sql, as: UTF8.self)),
    Migration(
      version: 5, name: "accounts", sql: String(decoding: PackageResources._05_accounts_sql, as: UTF8.self)),
    Migration(
      version: 6, name: "recordings",
      sql: String(decoding: PackageResources._06_recordings_sql, as: UTF8.self)),
    Migration(
      version: 7, name: "audits-and-links",
      sql: String(decoding: PackageResources._07_audits_and_links_sql, as: UTF8.self)),
    Migration(
      version: 8, name: "change-signal-and-sign-in",
      sql: String(decoding: PackageResources._08_change_signal_and_sign_in_sql, as: UTF8.self)),
    Migration(
      version: 9, name: "related-criteria-order",
      sql: String(decoding: PackageResources._09_related_criteria_order_sql, as: UTF8.self)),
    Migration(
      version: 10, name: "closed-audits-as-closed",
      sql: String(decoding: PackageResources._10_closed_audits_as_closed_sql, as: UTF8.self)),
    Migration(
      version: 11, name: "links-outside-scope",
      sql: String(decoding: PackageResources._11_links_outside_scope_sql, as: UTF8.self)),
    Migration(
      version: 12, name: "findings", sql: String(decoding: PackageResources._12_findings_sql, as: UTF8.self)),
    Migration(
      version: 13, name: "team-keys", sql: String(decoding: PackageResources._13_team_keys_sql, as: UTF8.self)
    ),
    Migration(
      version: 14, name: "approvals", sql: String(decoding: PackageResources._14_approvals_sql, as: UTF8.self)
    ),
    Migration(
      version: 15, name: "hearing", sql: String(decoding: PackageResources._15_hearing_sql, as: UTF8.self)
    ),
    Migration(
      version: 16, name: "heard-search",
      sql: String(decoding: PackageResources._16_heard_search_sql, as: UTF8.self)),
    Migration(
      version: 17, name: "desk-settings",
      sql: String(decoding: PackageResources._17_desk_settings_sql, as: UTF8.self)),
    Migration(
      version: 18, name: "current-criteria-kept",
      sql: String(decoding: PackageResources._18_current_criteria_kept_sql, as: UTF8.self)),
    Migration(
      version: 19, name: "caption-blocks",
      sql: String(decoding: PackageResources._19_caption_blocks_sql, as: UTF8.self)),
  ]

  /// The version a database is at once every migration is applied.
  public static var latestVersion: Int { migrations.last?.version ?? 0 }

  /// Tables the application may read and add to, never change: its role gets SELECT and INSERT
  /// on these, and triggers refuse UPDATE, DELETE and TRUNCATE whoever asks.
  public static let appendOnlyTables: Set<String> = ["audit_event", "audit_subject"]

  /// What the application's role may do to each table: only what Exhibit's own statements do.
  /// A table not named here is read only to it, so a new table is never granted more by mistake.
  /// Views are read only.
  public static let applicationRights: [String: String] = [
    "exhibit_schema": "SELECT",
    "audit_event": "SELECT, INSERT", "audit_subject": "SELECT, INSERT",
    // A restored revision is renumbered and its path updated; nothing else is changed, and no
    // revision or any of its parts is ever deleted.
    "criteria_document": "SELECT, INSERT, UPDATE",
    "criteria_item": "SELECT, INSERT", "criteria_related_criterion": "SELECT, INSERT",
    "gherkin_scenario": "SELECT, INSERT", "gherkin_step": "SELECT, INSERT",
    "developer_note": "SELECT, INSERT", "announcement_example": "SELECT, INSERT",
    "video_reference": "SELECT, INSERT", "component_alias": "SELECT, INSERT",
    "wcag_override": "SELECT, INSERT",
    // Each component's current document, which the criteria tables' triggers keep as their owner.
    "criteria_current": "SELECT",
    // An account removed is deleted, its sessions with it; a session ends by being deleted.
    "account": "SELECT, INSERT, DELETE", "web_session": "SELECT, INSERT, DELETE",
    "desk_settings": "SELECT, INSERT, DELETE",
    "web_secret": "SELECT, INSERT",
    // A catalogue run updates what it saw where; an unreadable file's hashless row is replaced
    // once it reads (the trigger keeps every recording with a hash); captions are derived from
    // their files and replaced with them; a stored object is recorded once.
    "recording": "SELECT, INSERT, UPDATE, DELETE", "recording_stream": "SELECT, INSERT, DELETE",
    "recording_path": "SELECT, INSERT, UPDATE", "caption_track": "SELECT, INSERT, UPDATE, DELETE",
    "caption_cue": "SELECT, INSERT, DELETE", "caption_orphan": "SELECT, INSERT, DELETE",
    "stored_object": "SELECT, INSERT",
    // An audit is renamed, rescoped and closed; a link is retracted (the triggers allow nothing
    // else); the audit in use and the report's author are settings set again. Dismissals and
    // report decisions are only ever added.
    // The columns they update are granted by name (``applicationColumnRights``).
    "product": "SELECT, INSERT", "audit": "SELECT, INSERT", "evidence_link": "SELECT, INSERT",
    "workspace_setting": "SELECT, INSERT", "suggestion_dismissal": "SELECT, INSERT",
    "acr_decision": "SELECT, INSERT", "conformance_setting": "SELECT, INSERT",
    // What a closed audit was read against is recorded once, by its close.
    "closed_audit": "SELECT, INSERT", "closed_audit_criteria": "SELECT, INSERT",
    "closed_audit_recording": "SELECT, INSERT",
    // A finding's status, title, severity and tracker change (each with its audit event); a merge
    // moves a column to the finding that survives. Neither is ever deleted.
    "finding": "SELECT, INSERT", "finding_column": "SELECT, INSERT",
    // A team's key is added once and revoked (its revocation columns set); never deleted.
    "team_key": "SELECT, INSERT",
    // An approval is added once and voided (its two void columns set); never deleted.
    "approval": "SELECT, INSERT",
    // What was heard in a recording is replaced whole when it is heard again.
    "hearing": "SELECT, INSERT, DELETE", "heard_phrase": "SELECT, INSERT, DELETE",
    "utterance": "SELECT, INSERT, DELETE",
    // The throttle's counts are raised, reset after a success, and forgotten once old.
    "sign_in_failure": "SELECT, INSERT, UPDATE, DELETE",
  ]

  /// The only columns the application's role may update, per table: an audit's name, scope and
  /// close; a link's retraction; the audit in use; the report's author. Triggers check that each
  /// change is one the audit trail records.
  public static let applicationColumnRights: [String: [String]] = [
    "audit": ["product_id", "release", "name", "scope", "platforms", "closed_at", "closed_by"],
    "evidence_link": ["retracted_at", "retracted_by", "retraction_reason"],
    "workspace_setting": ["value"],
    "conformance_setting": ["value", "actor", "set_at"],
    "finding": [
      "title", "severity", "status", "status_round", "status_by", "reason", "merged_into", "tracker_kind",
      "tracker_key", "tracker_url", "updated_at",
    ],
    "finding_column": ["finding_id"],
    "team_key": ["revoked_at", "revoked_by"],
    "approval": ["voided_at", "voided_by"],
  ]

  /// The channel a commit that changed what pages show is signalled on (`NOTIFY`), to every
  /// server listening.
  public static let changeChannel = "exhibit_catalogue"

  /// Tables whose changes are signalled on ``changeChannel``: every table but those of sign-ins
  /// and `criteria_current`, which changes only with the criteria tables that signal.
  public static let signalledTables: Set<String> = Set(applicationRights.keys).subtracting([
    "exhibit_schema", "web_session", "web_secret", "sign_in_failure", "criteria_current",
  ])
}

/// The advisory locks Exhibit takes, one number each, the same on every server.
enum PostgresLock {
  /// Held while the schema is migrated, so two `exhibit init` at once do not race.
  static let migration: Int64 = 0x4558_4849_4249_5401
  /// Held while an event is appended, so the audit chain's head is read and extended by one
  /// writer at a time, across every connection of every server.
  static let auditAppend: Int64 = 0x4558_4849_4249_5402
}
