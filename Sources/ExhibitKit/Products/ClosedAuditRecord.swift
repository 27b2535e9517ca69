import Crypto
import ExhibitStorage
import Foundation

/// What a closed audit was read against, recorded by its close so that it is read as it was
/// closed ever after: each component's criteria document then current (`closed_audit_criteria`),
/// each linked recording's attribution then (`closed_audit_recording`: the column its verdicts
/// count in), and the workspace's own WCAG mapping rows then in force (`closed_audit`).
///
/// Later imports, attribution changes and mapping rows apply to open audits only. The rows are
/// written while the audit is still open, in the close's transaction; triggers refuse any other
/// write, on both backends.
struct ClosedAuditRecord {
  /// The catalogue's database.
  let connection: any CatalogueSQL

  /// Records what `audit` is read against from now on. Runs inside the close's transaction,
  /// before the audit is marked closed.
  /// - Returns: The record's digest (``digest(_:in:)``), for the `audit.close` event to carry.
  /// - Throws: The backend's error.
  @discardableResult
  func record(_ audit: Int64) throws -> String {
    try connection.execute(
      """
      INSERT INTO closed_audit (audit_id, wcag_override_through)
      VALUES (?1, coalesce((SELECT max(id) FROM wcag_override), 0))
      """, [audit])
    try connection.execute(
      """
      INSERT INTO closed_audit_criteria (audit_id, family, component, document_id)
      SELECT ?1, family, component, document_id FROM criteria_current
      """, [audit])
    try connection.execute(
      """
      INSERT INTO closed_audit_recording (audit_id, recording_id, platform, assistive_tech, browser, os_version,
        device)
      SELECT ?1, r.id, r.platform, r.assistive_tech, r.browser, r.os_version, r.device FROM recording r
      WHERE r.id IN (SELECT recording_id FROM evidence_link WHERE audit_id = ?1)
      """, [audit])
    return try Self.digest(audit, in: connection)
  }

  /// A SHA-256 over what `audit`'s record holds, read back by value: the mapping's bound, each
  /// component's document (by component, format, revision and content hash) and each recording's
  /// attribution (by its hash). The `audit.close` event carries it, so `verify` names a record
  /// changed behind the trail; it is the same on both backends and after `migrate`.
  /// - Throws: The backend's error.
  static func digest(_ audit: Int64, in connection: any CatalogueSQL) throws -> String {
    func text(_ value: String?) -> String { value.map { "=" + $0 } ?? "-" }
    var lines: [String] = []
    for row in try connection.query(
      "SELECT wcag_override_through FROM closed_audit WHERE audit_id = ?", [audit])
    {
      lines.append("mapping through \(try row.decode("wcag_override_through") as Int64)")
    }
    for row in try connection.query(
      """
      SELECT c.family, c.component, d.format, d.revision, d.sha256
      FROM closed_audit_criteria c JOIN criteria_document d ON d.id = c.document_id WHERE c.audit_id = ?
      """, [audit])
    {
      lines.append(
        "criteria \(try row.decode("family") as String)/\(try row.decode("component") as String) "
          + "\(try row.decode("format") as String) \(try row.decode("revision") as Int64) "
          + (try row.decode("sha256") as String))
    }
    for row in try connection.query(
      """
      SELECT r.sha256, f.platform, f.assistive_tech, f.browser, f.os_version, f.device
      FROM closed_audit_recording f JOIN recording r ON r.id = f.recording_id WHERE f.audit_id = ?
      """, [audit])
    {
      let fields = try ["platform", "assistive_tech", "browser", "os_version", "device"].map {
        text(try row.decode($0) as String?)
      }
      lines.append("recording \(text(try row.decode("sha256") as String?)) " + fields.joined(separator: " "))
    }
    return SHA256.hash(data: Data(lines.sorted().joined(separator: "\n").utf8)).hexString
  }

  /// The criteria document `audit` reads for `component`: the one recorded at its close, or nil
  /// for an open audit (which reads today's) or a component imported after the close.
  /// - Throws: The backend's error.
  func document(of component: ComponentID, in audit: Int64) throws -> Int64? {
    try connection.first(
      "SELECT document_id FROM closed_audit_criteria WHERE audit_id = ? AND family = ? AND component = ?",
      [audit, component.family.rawValue, component.slug])?.decode("document_id")
  }

  /// The criteria `audit` reads for `component`: a closed audit's are the document current at
  /// its close, whatever was imported since; an open audit's (or every audit's, nil) today's.
  /// With `itemsOnly`, the items and the document's summary alone
  /// (``CriteriaLibrary/componentCriteria(_:platform:itemsOnly:)``).
  /// - Throws: ``LookupError`` or the backend's error.
  func criteria(_ component: ComponentID, platform: Platform? = nil, audit: Int64?, itemsOnly: Bool = false)
    throws -> ComponentCriteria
  {
    let library = CriteriaLibrary(connection: connection)
    if let audit, let closed = try document(of: component, in: audit) {
      return try library.componentCriteria(
        component, platform: platform, documentID: closed, itemsOnly: itemsOnly)
    }
    return try library.componentCriteria(component, platform: platform, itemsOnly: itemsOnly)
  }

  /// Every component's document and items as `audit` reads them
  /// (``CriteriaLibrary/currentItemsByComponent(documents:_:)``).
  /// - Throws: The backend's error.
  func itemsByComponent(audit: Int64) throws -> [ComponentID: ComponentCriteria] {
    try CriteriaLibrary(connection: connection).currentItemsByComponent(
      documents: "SELECT document_id FROM (\(Self.documents)) AS read", [audit])
  }

  /// The highest id of the workspace's own WCAG mapping rows a closed audit reads; nil for an
  /// open audit, which reads every row.
  /// - Throws: The backend's error.
  func wcagOverridesThrough(_ audit: Int64) throws -> Int64? {
    try connection.first("SELECT wcag_override_through FROM closed_audit WHERE audit_id = ?", [audit])?
      .decode("wcag_override_through")
  }

  /// The `audit.close` event of a closed audit: its id and hash, the trail as the close sealed
  /// it; nil for an open audit.
  /// - Throws: The backend's error.
  func closeEvent(of audit: Int64) throws -> (id: Int64, hash: String)? {
    guard
      let row = try connection.first(
        "SELECT id, hash FROM audit_event WHERE action = 'audit.close' AND subject = ? ORDER BY id LIMIT 1",
        ["audit:\(audit)"])
    else { return nil }
    return (try row.decode("id"), try row.decode("hash"))
  }

  /// The statement over `criteria_current`'s columns (`family`, `component`, `document_id`)
  /// that gives the documents an audit reads: bind the audit's id as `?1` (NULL for today's).
  static let documents = """
    SELECT family, component, document_id FROM closed_audit_criteria WHERE audit_id = ?1
    UNION ALL
    SELECT family, component, document_id FROM criteria_current
    WHERE NOT EXISTS (SELECT 1 FROM closed_audit_criteria WHERE audit_id = ?1)
    """
}
