// Sign-off of every SQL catalogue (``ApprovalStorage``), through the composer on a connection the
// engine lends.

extension SQLCatalogue {
  /// Approves a verdict; audited (`ApprovalStorage`).
  public func approveVerdict(
    audit: String?, item: ItemKey, platform: Platform?, screenReader: String?, approver: String
  ) async throws -> Approval {
    try await withOperations {
      try ApprovalOperations(sql: $0.sql).approveVerdict(
        audit: audit, item: item, platform: platform, screenReader: screenReader, approver: approver)
    }
  }

  /// Approves a decided level; audited (`ApprovalStorage`).
  public func approveLevel(
    audit: String?, criterion: String, componentType: ACRComponentType?, approver: String
  )
    async throws -> Approval
  {
    try await withOperations {
      try ApprovalOperations(sql: $0.sql).approveLevel(
        audit: audit, criterion: criterion, componentType: componentType, approver: approver)
    }
  }

  /// Every approval of an audit (`ApprovalStorage`).
  public func approvals(audit: String?) async throws -> [Approval] {
    try await withOperations { operations in
      try operations.sql.reading { try ApprovalOperations(sql: operations.sql).approvals(audit: audit) }
    }
  }

  /// Closes an audit, refused while anything is unapproved with `requireApproval` (`ApprovalStorage`).
  public func closeAudit(_ name: String, actor: String, requireApproval: Bool) async throws -> Audit {
    try await withOperations { try $0.closeAudit(name, actor: actor, requireApproval: requireApproval) }
  }
}
