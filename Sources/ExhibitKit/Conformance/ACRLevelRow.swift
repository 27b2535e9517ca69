/// A row of a conformance report: a level drafted from the verdicts, a level an auditor decided
/// over it, and the remarks each comes with.
public protocol ACRLevelRow {
  /// What the verdicts give; nil when nothing necessary was tested.
  var draft: ConformanceLevel? { get }
  var draftRemarks: String { get }
  /// The auditor's level, when one was set.
  var decided: ACRDecision? { get }
  /// Where the decided level and the evidence disagree.
  var warnings: [String] { get }
  /// What the report says.
  var level: ConformanceLevel? { get }
  /// The kind of component it speaks for.
  var componentType: ACRComponentType { get }
  /// The items behind it.
  var evidence: [ACRDraft.Evidence] { get }
  /// Who approved the decided level, when someone did.
  var signOff: ACRSignOffs.SignOff? { get }
}

extension ACRLevelRow {
  /// The decided level's remarks, else the draft's.
  public var remarks: String {
    decided.map { $0.remarks.isEmpty ? draftRemarks : $0.remarks } ?? draftRemarks
  }

  /// The remarks as a report that has no other place for them says them: whether the level was
  /// drafted or decided, and every warning of a decided level the evidence contradicts.
  public var reportedRemarks: String {
    var parts = [remarks]
    if decided == nil, draft != nil {
      parts.append("Drafted from the verdicts; not yet decided by an auditor.")
    }
    if let signOff, let decided {
      parts.append("Level decided by \(decided.actor), \(signOff.words).")
    }
    parts += warnings.map { "Warning: \($0)." }
    return parts.filter { !$0.isEmpty }.joined(separator: " ")
  }
}

extension ACRLevelRow {
  /// Encodes what every level row says, after its own fields: `level`, `draft`, `draft_remarks`,
  /// `decided`, `remarks`, `evidence`, `warnings`, and `approved_by`/`approved_at` when approved.
  func encodeLevel<Key: CodingKey>(into container: inout KeyedEncodingContainer<Key>) throws {
    func key(_ name: String) -> Key {
      guard let key = Key(stringValue: name) else { preconditionFailure("no coding key \(name)") }
      return key
    }
    try container.encode(level, forKey: key("level"))
    try container.encode(draft, forKey: key("draft"))
    try container.encode(draftRemarks, forKey: key("draftRemarks"))
    try container.encodeIfPresent(decided, forKey: key("decided"))
    try container.encode(remarks, forKey: key("remarks"))
    try container.encode(evidence, forKey: key("evidence"))
    try container.encode(warnings, forKey: key("warnings"))
    try container.encodeIfPresent(signOff?.approver, forKey: key("approvedBy"))
    try container.encodeIfPresent(signOff?.at, forKey: key("approvedAt"))
  }
}
