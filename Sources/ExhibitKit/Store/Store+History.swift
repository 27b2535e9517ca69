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
      // The key under every name its component had: events before a rename name the old key.
      let key = (try? resolveItemKey(subject)) ?? subject.lowercased()
      let local = key[key.firstIndex(of: "#", default: key.endIndex)...]
      let component = String(key[..<local.startIndex])
      let keys = try formerNames(of: component).map { "\"item\":\"\($0)\(local)\"" }
      return try auditEvents(
        where: keys.map { _ in "instr(coalesce(after, '') || coalesce(before, ''), ?) > 0" }
          .joined(separator: " OR "), keys)
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
    // Events before a rename name the component by its old name.
    let names = try formerNames(of: component)
    let subjects = names + recordings
    let placeholders = subjects.map { _ in "?" }.joined(separator: ", ")
    let itemConditions = names.map { _ in " OR instr(coalesce(after, '') || coalesce(before, ''), ?) > 0" }
    return try auditEvents(
      where: "subject IN (\(placeholders))" + itemConditions.joined(),
      subjects + names.map { "\"item\":\"\($0)#" })
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

extension String {
  /// The first index of `character`, or `fallback` when there is none.
  fileprivate func firstIndex(of character: Character, default fallback: Index) -> Index {
    firstIndex(of: character) ?? fallback
  }
}
