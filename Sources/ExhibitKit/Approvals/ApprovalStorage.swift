/// Where sign-off is kept: the seam every SQL catalogue implements (``ApprovalOperations`` over
/// its connection, through the composer). Each approval and each void is audited.
public protocol ApprovalStorage {
  /// Approves the verdict of an item's column in the audit named (the one in use when nil): the
  /// column `platform` and `screenReader` name, or the only one with verdicts.
  /// - Throws: ``ApprovalError``, ``AuditError``, ``LookupError`` or the backend's error.
  func approveVerdict(
    audit: String?, item: ItemKey, platform: Platform?, screenReader: String?, approver: String
  ) async throws -> Approval

  /// Approves the level decided for `criterion` in the audit's report.
  /// - Throws: ``ApprovalError``, ``AuditError`` or the backend's error.
  func approveLevel(audit: String?, criterion: String, componentType: ACRComponentType?, approver: String)
    async throws -> Approval

  /// Every approval of the audit, voided ones too, oldest first.
  /// - Throws: ``AuditError`` or the backend's error.
  func approvals(audit: String?) async throws -> [Approval]

  /// Closes an audit; with `requireApproval`, refused while any verdict judged in it or any level
  /// decided is unapproved.
  /// - Throws: ``ApprovalError/unapproved(audit:subjects:)``, ``AuditError`` or the backend's error.
  func closeAudit(_ name: String, actor: String, requireApproval: Bool) async throws -> Audit
}
