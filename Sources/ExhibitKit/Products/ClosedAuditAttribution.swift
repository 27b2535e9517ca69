import ExhibitStorage

/// A closed audit's recordings as its close recorded them (`closed_audit_recording`): the
/// platform, screen reader, browser, OS version and device each was attributed to then, which
/// decide the columns its verdicts count in, whatever was set on the recording since.
struct ClosedAuditAttribution {
  /// One recording's attribution at the close; nil where nothing was known then.
  struct Facts: Sendable, Equatable {
    let platform: String?
    let assistiveTech: String?
    let browser: String?
    let osVersion: String?
    let device: String?
  }

  /// By SHA-256, the recordings linked in the audit; empty for an audit that is open.
  let recordings: [String: Facts]

  /// Reads `audit`'s record; nil when the audit is open (it reads today's attribution).
  /// - Throws: The backend's error.
  init?(connection: any CatalogueSQL, audit: Int64) throws {
    guard try ClosedAuditRecord(connection: connection).wcagOverridesThrough(audit) != nil else { return nil }
    try self.init(connection: connection, closedAudit: audit)
  }

  /// Reads the record of `audit`, which the caller knows to be closed.
  /// - Throws: The backend's error.
  init(connection: any CatalogueSQL, closedAudit audit: Int64) throws {
    var recordings: [String: Facts] = [:]
    for row in try connection.query(
      """
      SELECT r.sha256, f.platform, f.assistive_tech, f.browser, f.os_version, f.device
      FROM closed_audit_recording f JOIN recording r ON r.id = f.recording_id
      WHERE f.audit_id = ? AND r.sha256 IS NOT NULL
      """, [audit])
    {
      recordings[try row.decode("sha256")] = Facts(
        platform: try row.decode("platform"), assistiveTech: try row.decode("assistive_tech"),
        browser: try row.decode("browser"), osVersion: try row.decode("os_version"),
        device: try row.decode("device"))
    }
    self.recordings = recordings
  }
}
