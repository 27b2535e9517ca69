import ExhibitModel

/// Where findings are kept: the seam every SQL catalogue implements (``FindingOperations`` over its
/// connection).
public protocol FindingStorage {
  /// The findings of an audit's product found in it or an earlier round, brought up to date with
  /// the audit's verdicts first.
  /// - Throws: ``AuditError`` or the backend's error.
  func findings(audit name: String?, filter: FindingFilter, actor: String) async throws
    -> (audit: Audit, findings: [Finding])

  /// The findings of an audit's product found in it or an earlier round, as stored (every write of
  /// verdicts keeps them up to date); reads only.
  /// - Throws: ``AuditError`` or the backend's error.
  func storedFindings(audit name: String?, filter: FindingFilter) async throws
    -> (audit: Audit, findings: [Finding])

  /// One finding with its expectations, evidence and environment.
  /// - Throws: ``FindingError`` or the backend's error.
  func finding(_ reference: String) async throws -> FindingDetail

  /// Sets a finding's title, severity, or status (fixed, accepted with a reason); audited.
  /// - Throws: ``FindingError`` or the backend's error.
  func setFinding(
    _ reference: String, title: String?, severity: FindingSeverity?, status: FindingStatus?, reason: String?,
    actor: String
  ) async throws -> Finding

  /// Merges findings into the first; audited.
  /// - Throws: ``FindingError`` or the backend's error.
  func mergeFindings(_ survivor: String, _ others: [String], actor: String) async throws -> Finding

  /// The findings to file from an audit, with what each rests on: those named, else every
  /// outstanding one and every merged one already on a tracker.
  /// - Throws: ``FindingError``, ``AuditError`` or the backend's error.
  func findingsToFile(audit name: String?, references: [String], actor: String) async throws
    -> [FindingDetail]

  /// Records that a finding is on a tracker (a merged one's `note`: what its issue was told); audited.
  /// - Returns: Whether anything changed.
  /// - Throws: ``FindingError`` or the backend's error.
  @discardableResult
  func recordFiled(_ reference: String, tracker: FindingTracker, note: String?, actor: String) async throws
    -> Bool

  /// Records whether a filed finding's issue is closed on the tracker; audited when it moved.
  /// - Returns: The status it moved to, nil when it stayed.
  /// - Throws: ``FindingError`` or the backend's error.
  @discardableResult
  func recordTrackerState(_ reference: String, closed: Bool, actor: String) async throws -> FindingStatus?
}
