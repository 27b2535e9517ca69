/// An audit's conformance report, drafted from its verdicts through the WCAG mapping, with the
/// levels auditors decided over the draft.
///
/// For each success criterion at A and AA and each component type the audit covers (native
/// components are `software`, web components `web`), only the items *necessary* to the criterion
/// decide the draft: any of them failed gives Does Not Support when it failed in most of the
/// components tested for it, else Partially Supports; tested and none failed gives Supports (no
/// failure found in what was tested); tested and all not applicable gives Not Applicable; nothing
/// necessary tested gives no level, and the row says what is missing. AAA criteria are not
/// evaluated unless an auditor sets a level. Related items never set a level; their failures are
/// named in the remarks. A decided level that the evidence contradicts carries a warning.
public struct ACRDraft: Sendable, Equatable, Encodable {
  /// One component of the audit with its items' verdicts in the audit.
  public struct Component: Sendable {
    /// One criteria item with its combined verdict and the evidence behind it.
    public struct Item: Sendable {
      public let key: ItemKey
      public let label: String
      /// The criteria say it does not apply: it bears on no criterion.
      public let notApplicable: Bool
      /// Nil while there is no evidence.
      public let verdict: CombinedVerdict?
      public let segments: [Coverage.Segment]
      /// Where each link was judged: its platform and screen reader (`iOS VoiceOver`), by link.
      public var places: [Int64: String] = [:]
      /// Who approved each link's column, as it stands, by link.
      public var signOffs: [Int64: ACRSignOffs.SignOff] = [:]
    }

    public let component: ComponentID
    public let title: String
    public let items: [Item]

    /// A component's items from its coverage in the audit, with the approvals of its columns
    /// that still cover their verdicts.
    public init(title: String, coverage: Coverage, signOffs: ACRSignOffs = ACRSignOffs()) {
      component = coverage.component
      self.title = title
      items = coverage.items.map { item in
        var places: [Int64: String] = [:]
        var approved: [Int64: ACRSignOffs.SignOff] = [:]
        for cell in item.cells {
          // A platform's own column (a keyboard, settings or other item) is named by its platform.
          let reader = cell.assistiveTech.map { " " + (AssistiveTech(rawValue: $0)?.displayName ?? $0) } ?? ""
          for segment in cell.segments { places[segment.link] = "\(cell.platform.displayName)\(reader)" }
          if let signOff = signOffs.columns[ACRSignOffs.column(item.key, cell.platform, cell.assistiveTech)],
            signOff.covers == cell.decidingLinks
          {
            for segment in cell.segments where segment.verdict != .untested {
              approved[segment.link] = signOff
            }
          }
        }
        return Item(
          key: item.key, label: item.label, notApplicable: item.notApplicable, verdict: item.verdict,
          segments: item.cells.flatMap(\.segments), places: places, signOffs: approved)
      }
    }

    /// A component's items as given (a bag's manifest).
    init(component: ComponentID, title: String, items: [Item]) {
      self.component = component
      self.title = title
      self.items = items
    }
  }

  /// A piece of evidence behind a row: an item of a component, how it bears on the criterion,
  /// its verdict in the audit, and the segments (or screenshots, or observations) behind it.
  public struct Evidence: Sendable, Equatable, Encodable {
    public let component: ComponentID
    public let title: String
    public let item: ItemKey
    public let label: String
    public let relation: WCAGRelation
    /// Nil while untested.
    public let verdict: CombinedVerdict?
    public let segments: [Coverage.Segment]
    /// Where each link was judged (`iOS VoiceOver`), by link.
    public let places: [Int64: String]
    /// Who approved each link's column, by link.
    public var signOffs: [Int64: ACRSignOffs.SignOff] = [:]

    private enum CodingKeys: String, CodingKey {
      case component, title, item, label, relation, verdict, segments
    }
  }

  /// One success criterion for one component type.
  public struct Row: ACRLevelRow, Sendable, Equatable, Encodable {
    public let criterion: SuccessCriterion
    public let componentType: ACRComponentType
    /// What the verdicts give; nil when nothing necessary to the criterion was tested.
    public let draft: ConformanceLevel?
    public let draftRemarks: String
    /// The auditor's level, when one was set.
    public let decided: ACRDecision?
    /// Who approved the decided level, when someone did and it still stands.
    public var signOff: ACRSignOffs.SignOff? = nil
    /// What the report says: the decided level, else the draft, else not evaluated for AAA.
    public var level: ConformanceLevel? {
      decided?.level ?? draft ?? (criterion.level == .aaa ? .notEvaluated : nil)
    }
    public let evidence: [Evidence]
    /// Where the decided level and the evidence disagree.
    public let warnings: [String]

    private enum CodingKeys: String, CodingKey {
      case criterion, handle, wcagLevel, componentType, level, draft, draftRemarks, decided, remarks, evidence
      case warnings, approvedBy, approvedAt
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(criterion.number, forKey: .criterion)
      try container.encode(criterion.handle, forKey: .handle)
      try container.encodeIfPresent(criterion.level?.rawValue, forKey: .wcagLevel)
      try container.encode(componentType, forKey: .componentType)
      try encodeLevel(into: &container)
    }
  }

  public let rows: [Row]
  /// Items of the audit's components that no mapping row names: listed, never guessed.
  public let unmapped: [ItemKey]
  /// The Section 508 and EN 301 549 criteria for each component type, drafted through the clause
  /// mapping; empty unless one was given (a WCAG edition's report has none).
  public let clauses: [ClauseRow]

  private enum CodingKeys: String, CodingKey {
    case rows, unmapped
  }

  /// The draft of `components` through `mapping`, with `decisions` (oldest first) over it; with
  /// `clauseMapping`, the Section 508 and EN 301 549 criteria too.
  public init(
    components: [Component], mapping: WCAGMapping, clauseMapping: WCAGMapping? = nil,
    decisions: [ACRDecision] = [], signOffs: ACRSignOffs = ACRSignOffs()
  ) {
    var latest: [String: ACRDecision] = [:]
    for decision in decisions {
      latest["\(decision.criterion) \(decision.componentType.rawValue)"] = decision
    }
    let (evidence, unmapped, types) = Self.evidence(of: components, through: mapping)
    var rows: [Row] = []
    for criterion in WCAG22.criteria where criterion.level != nil {
      for type in ACRComponentType.allCases where types.contains(type) {
        let key = "\(criterion.number) \(type.rawValue)"
        let behind = evidence[key] ?? []
        let (draft, remarks) =
          criterion.level == .aaa
          ? (nil, "Not evaluated: AAA criteria are reported only when an auditor sets a level.")
          : Self.draft(criterion.number, behind)
        let decided = latest[key]
        rows.append(
          Row(
            criterion: criterion, componentType: type, draft: draft, draftRemarks: remarks, decided: decided,
            signOff: decided.flatMap { decision in
              signOffs.levels[key].flatMap { $0.covers == decision.at ? $0 : nil }
            },
            evidence: behind, warnings: decided.map { Self.warnings($0, behind) } ?? []))
      }
    }
    self.rows = rows
    self.unmapped = unmapped
    clauses =
      clauseMapping.map {
        Self.clauseRows(Self.evidence(of: components, through: $0).0, types, latest, signOffs)
      } ?? []
  }

  /// The evidence behind each `criterion type` pair through `mapping`, the items it leaves
  /// unmapped, and the component types of `components`.
  static func evidence(of components: [Component], through mapping: WCAGMapping) -> (
    [String: [Evidence]], [ItemKey], Set<ACRComponentType>
  ) {
    var evidence: [String: [Evidence]] = [:]
    var unmapped: [ItemKey] = []
    var types = Set<ACRComponentType>()
    for component in components {
      let type = ACRComponentType(component.component.family)
      types.insert(type)
      for item in component.items where !item.notApplicable {
        let rows = mapping.rows(for: item.key)
        if rows.isEmpty { unmapped.append(item.key) }
        for row in rows where row.relation != .none {
          evidence["\(row.criterion) \(type.rawValue)", default: []].append(
            Evidence(
              component: component.component, title: component.title, item: item.key, label: item.label,
              relation: row.relation, verdict: item.verdict,
              segments: item.segments.filter { $0.verdict != .untested }, places: item.places,
              signOffs: item.signOffs))
        }
      }
    }
    return (evidence, unmapped, types)
  }

  /// The rows of one WCAG level.
  public func rows(at level: SuccessCriterion.Level) -> [Row] {
    rows.filter { $0.criterion.level == level }
  }

  /// The draft level and its remarks from the evidence behind one row.
  static func draft(_ number: String, _ evidence: [Evidence]) -> (ConformanceLevel?, String) {
    let necessary = evidence.filter { $0.relation == .necessary }
    let tested = necessary.filter { $0.verdict != nil && $0.verdict != .untested }
    let failed = tested.filter { $0.verdict == .fail || $0.verdict == .conflict }
    let testedComponents = Set(tested.map(\.component))
    let failedComponents = Set(failed.map(\.component))
    let related = evidence.filter {
      $0.relation == .related && ($0.verdict == .fail || $0.verdict == .conflict)
    }
    let relatedNote =
      related.isEmpty
      ? ""
      : " Related items failed, not counted towards the level: \(list(related))."
    if !failed.isEmpty {
      let level: ConformanceLevel =
        failedComponents.count * 2 > testedComponents.count ? .doesNotSupport : .partiallySupports
      return (
        level,
        "Fails in \(failedComponents.count) of \(testedComponents.count) components tested: "
          + "\(list(failed))." + relatedNote
      )
    }
    if tested.contains(where: { $0.verdict == .pass }) {
      let passed = tested.filter { $0.verdict == .pass }
      return (
        .supports,
        "No failure found in \(testedComponents.count) \(testedComponents.count == 1 ? "component" : "components") "
          + "tested: \(list(passed))." + relatedNote
      )
    }
    if !tested.isEmpty {
      return (
        .notApplicable,
        "Not applicable in every component tested: \(list(tested))."
      )
    }
    if necessary.isEmpty {
      return (nil, "Not evaluated: no criteria item is necessary to \(number)." + relatedNote)
    }
    let names = Set(necessary.map(\.item.name)).sorted().joined(separator: ", ")
    return (
      nil, "Not evaluated: \(necessary.count) necessary items (\(names)) have no verdict yet." + relatedNote
    )
  }

  /// The items a remark names at most; the rest are counted ("and 40 more").
  static let namedInRemarks = 12

  /// `A; B; C`, or the first ``namedInRemarks`` of them and how many more.
  static func list(_ evidence: [Evidence]) -> String {
    let named = evidence.prefix(namedInRemarks).map(describe).joined(separator: "; ")
    return evidence.count > namedInRemarks ? named + "; and \(evidence.count - namedInRemarks) more" : named
  }

  /// `Checkbox (native/checkbox) Role: fail on iOS VoiceOver, link 3 at 0:01.0–0:03.0`.
  static func describe(_ evidence: Evidence) -> String {
    let places = evidence.segments.filter { segment in
      switch evidence.verdict {
      case .fail?, .conflict?: segment.verdict == .fail
      default: true
      }
    }.map { segment -> String in
      let time = segment.fromSeconds.map {
        "at \(DisplayText.clock($0))–\(DisplayText.clock(segment.toSeconds ?? $0))"
      }
      let what =
        switch segment.evidence {
        case .recording: time ?? "whole recording"
        case .screenshot: "screenshot"
        case .observation: "observed"
        }
      return "link \(segment.link) \(what)" + (evidence.places[segment.link].map { " on \($0)" } ?? "")
        + (evidence.signOffs[segment.link].map { ", \($0.words)" } ?? "")
    }
    let verdict = evidence.verdict.map { $0.rawValue } ?? "untested"
    return "\(evidence.title) \(evidence.label): \(verdict)"
      + (places.isEmpty ? "" : " (\(places.joined(separator: ", ")))")
  }

  /// Where a decided level contradicts the evidence.
  static func warnings(_ decision: ACRDecision, _ evidence: [Evidence]) -> [String] {
    let necessary = evidence.filter { $0.relation == .necessary }
    let failed = necessary.filter { $0.verdict == .fail || $0.verdict == .conflict }
    let tested = necessary.filter { $0.verdict == .pass || $0.verdict == .fail || $0.verdict == .conflict }
    var warnings: [String] = []
    if decision.level == .supports, !failed.isEmpty {
      warnings.append(
        "Supports, though \(failed.count) necessary \(failed.count == 1 ? "item" : "items") failed: "
          + list(failed))
    }
    if decision.level == .supports, tested.isEmpty {
      warnings.append("Supports, though no necessary item was tested")
    }
    if decision.level == .notApplicable, !tested.isEmpty {
      warnings.append("Not Applicable, though \(tested.count) necessary items were tested")
    }
    if decision.level == .doesNotSupport || decision.level == .partiallySupports, failed.isEmpty {
      warnings.append("\(decision.level.label), though no necessary item failed")
    }
    return warnings
  }
}
