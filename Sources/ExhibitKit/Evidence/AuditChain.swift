import ExhibitSQLite

/// The result of checking the audit trail's hash chain.
public struct AuditChainReport: Sendable, Equatable, Encodable {
  /// One broken link of the chain.
  public struct Problem: Sendable, Equatable, Codable {
    /// `audit_event:<id>`, the first event that does not hold.
    public let path: String
    public let problem: String
  }

  public var valid: Bool { problems.isEmpty }
  /// How many events were checked.
  public let events: Int
  /// The newest event's hash: record it elsewhere to detect the loss of the newest events.
  public let headHash: String
  public let problems: [Problem]

  private enum CodingKeys: String, CodingKey {
    case valid, events, headHash, problems
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(valid, forKey: .valid)
    try container.encode(events, forKey: .events)
    try container.encode(headHash, forKey: .headHash)
    try container.encode(problems, forKey: .problems)
  }
}

extension AuditTrail {
  /// Walks the chain oldest first and names the first event that breaks it.
  ///
  /// Ids are consecutive from 1, each event's `previous_hash` is its predecessor's hash, and its
  /// own hash is recomputed from its content: an edited row fails its hash, a deleted row leaves
  /// a gap, an inserted row breaks its successor's `previous_hash` (or its own id).
  ///
  /// - Returns: The report; ``AuditChainReport/valid`` when nothing is wrong.
  /// - Throws: ``SQLiteError``.
  func verifyChain() throws -> AuditChainReport {
    var previousHash = AuditEvent.genesisHash
    var expectedID: Int64 = 1
    var count = 0
    for row in try connection.query("SELECT * FROM audit_event ORDER BY id") {
      count += 1
      let id = row.int64("id") ?? 0
      let hash = row.string("hash") ?? ""
      func broken(_ text: String) -> AuditChainReport {
        AuditChainReport(
          events: count, headHash: hash, problems: [.init(path: "audit_event:\(id)", problem: text)])
      }
      if id != expectedID {
        return broken(
          id > expectedID
            ? "events \(expectedID)–\(id - 1) are missing: deleted from the trail"
            : "event id \(id) is out of sequence: inserted into the trail")
      }
      if row.string("previous_hash") != previousHash {
        return broken(
          "its previous_hash does not match event \(id - 1): an event before it was changed, inserted or deleted"
        )
      }
      let recomputed = AuditEvent.chainHash(
        previousHash: previousHash, id: id, at: row.string("at") ?? "", actor: row.string("actor") ?? "",
        action: row.string("action") ?? "", subject: row.string("subject") ?? "",
        before: row.string("before"),
        after: row.string("after"))
      if recomputed != hash {
        return broken("its content does not match its hash: the event was edited")
      }
      previousHash = hash
      expectedID = id + 1
    }
    return AuditChainReport(events: count, headHash: previousHash, problems: [])
  }
}
