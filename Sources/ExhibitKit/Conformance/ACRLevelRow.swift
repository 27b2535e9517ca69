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
