import Foundation

extension Store {
  /// Audit events, oldest first: all of them, or those about a component, a recording or an item.
  ///
  /// - Parameter subject: A component (`native/checkbox` or a bare slug), a recording (path or
  ///   SHA-256 prefix) or an item key (`native/checkbox#screenreader.role`); nil for all.
  /// - Returns: The matching events.
  /// - Throws: ``LookupError``, ``RecordingLookupError`` or ``SQLiteError``.
  public func history(_ subject: String? = nil) throws -> [AuditEvent] {
    guard let subject else { return try auditEvents(where: "1", []) }
    if subject.contains("#") {
      let key = subject.lowercased()
      return try auditEvents(
        where: "instr(coalesce(after, '') || coalesce(before, ''), ?) > 0", ["\"item\":\"\(key)\""])
    }
    if let id = try? resolveRecording(subject),
      let sha = try connection.first("SELECT sha256 FROM recording WHERE id = ?", [id])?.string("sha256")
    {
      return try auditEvents(
        where: "subject = ? OR instr(coalesce(after, '') || coalesce(before, ''), ?) > 0",
        ["recording:\(sha)", "\"recording\":\"\(sha)\""])
    }
    let component = try resolveComponent(subject)
    let parts = component.split(separator: "/").map(String.init)
    let recordings = try connection.query(
      "SELECT 'recording:' || sha256 AS subject FROM recording WHERE family = ? AND component = ? AND sha256 IS NOT NULL",
      [parts[0], parts[1]]
    ).compactMap { $0.string("subject") }
    let placeholders = recordings.map { _ in "?" }.joined(separator: ", ")
    return try auditEvents(
      where: "subject = ? OR instr(coalesce(after, '') || coalesce(before, ''), ?) > 0"
        + (recordings.isEmpty ? "" : " OR subject IN (\(placeholders))"),
      [component, "\"item\":\"\(component)#"] + recordings)
  }

  func auditEvents(where condition: String, _ values: [any SQLBindable]) throws -> [AuditEvent] {
    try connection.query("SELECT * FROM audit_event WHERE \(condition) ORDER BY id", values).map {
      AuditEvent(
        id: $0.int64("id") ?? 0, at: $0.string("at") ?? "", actor: $0.string("actor") ?? "",
        action: $0.string("action") ?? "", subject: $0.string("subject") ?? "", before: $0.string("before"),
        after: $0.string("after"), previousHash: $0.string("previous_hash") ?? "",
        hash: $0.string("hash") ?? "")
    }
  }
}
