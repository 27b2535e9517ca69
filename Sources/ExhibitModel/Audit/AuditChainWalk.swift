/// Checks the audit trail's hash chain one event at a time, oldest first, whatever database the
/// events are read from: each backend streams its rows through one walk.
///
/// Ids are consecutive from 1, each event's `previousHash` is its predecessor's hash, and its
/// own hash is recomputed from its content: an edited row fails its hash, a deleted row leaves
/// a gap, an inserted row breaks its successor's `previousHash` (or its own id).
public struct AuditChainWalk: Sendable {
  /// The hash the next event must chain from.
  private var previousHash = AuditEvent.genesisHash
  private var expectedID: Int64 = 1
  private var count = 0
  /// The first event that broke the chain, with the report ending there.
  private var broken: AuditChainReport?

  /// A walk from the genesis hash.
  public init() {}

  /// Whether the walk has found a broken link, after which further events are not looked at.
  public var isBroken: Bool { broken != nil }

  /// Checks the next event.
  /// - Returns: False once the chain is broken: stop reading.
  @discardableResult
  public mutating func check(_ event: AuditEvent) -> Bool {
    guard broken == nil else { return false }
    count += 1
    let id = event.id
    func fail(_ text: String) -> Bool {
      broken = AuditChainReport(
        events: count, headHash: event.hash, problems: [.init(path: "audit_event:\(id)", problem: text)])
      return false
    }
    if id != expectedID {
      return fail(
        id > expectedID
          ? "events \(expectedID)–\(id - 1) are missing: deleted from the trail"
          : "event id \(id) is out of sequence: inserted into the trail")
    }
    if event.previousHash != previousHash {
      return fail(
        "its previous_hash does not match event \(id - 1): an event before it was changed, inserted or deleted"
      )
    }
    let recomputed = AuditEvent.chainHash(
      previousHash: previousHash, id: id, at: event.at, actor: event.actor, action: event.action,
      subject: event.subject, before: event.before, after: event.after)
    if recomputed != event.hash {
      return fail("its content does not match its hash: the event was edited")
    }
    previousHash = event.hash
    expectedID = id + 1
    return true
  }

  /// The report for the events checked so far.
  public var report: AuditChainReport {
    broken ?? AuditChainReport(events: count, headHash: previousHash, problems: [])
  }
}
