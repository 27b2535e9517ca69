/// The Section 508 and EN 301 549 criteria of a report, drafted as WCAG's are: through Exhibit's
/// reviewed clause mapping (`Resources/clause-mapping.tsv`), the items necessary to a clause
/// decide its level for each component type; related items only add remarks; a clause no
/// evidence speaks to has no level until an auditor sets one (`exhibit acr set`).
extension ACRDraft {
  /// One Section 508 or EN 301 549 criterion for one component type.
  public struct ClauseRow: ACRLevelRow, Sendable, Equatable, Encodable {
    public let clause: ACRClause
    public let componentType: ACRComponentType
    public let draft: ConformanceLevel?
    public let draftRemarks: String
    public let decided: ACRDecision?
    /// Who approved the decided level, when someone did and it still stands.
    public var signOff: ACRSignOffs.SignOff? = nil
    public let evidence: [Evidence]
    public let warnings: [String]

    /// The decided level, else the draft.
    public var level: ConformanceLevel? { decided?.level ?? draft }

    private enum CodingKeys: String, CodingKey {
      case criterion, handle, standard, chapter, componentType, level, draft, draftRemarks, decided, remarks
      case evidence, warnings, approvedBy, approvedAt
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(clause.number, forKey: .criterion)
      try container.encode(clause.handle, forKey: .handle)
      try container.encode(clause.standard, forKey: .standard)
      try container.encode(clause.chapter, forKey: .chapter)
      try container.encode(componentType, forKey: .componentType)
      try encodeLevel(into: &container)
    }
  }

  /// Exhibit's reviewed rows from criteria items to Section 508 and EN 301 549 criteria.
  public static let clauseMapping = WCAGMapping(
    rows: WCAGMapping.parse(String(decoding: PackageResources.clause_mapping_tsv, as: UTF8.self)))

  /// The clauses the VPAT answers with the WCAG tables applied to something else than the
  /// product's own interface, and what that is: the audit's recordings do not test it.
  static let answeredByWCAGElsewhere = [
    "504.2": "authoring tools' output", "602.3": "electronic support documentation",
    "11.8.2": "authoring tools' output", "12.1.2": "product documentation", "12.2.4": "support documentation",
  ]

  /// The rows of every clause for each component type in `types`, in the catalog's order.
  static func clauseRows(
    _ evidence: [String: [Evidence]], _ types: Set<ACRComponentType>, _ decided: [String: ACRDecision],
    _ signOffs: ACRSignOffs
  ) -> [ClauseRow] {
    ACRClauses.all.flatMap { clause in
      ACRComponentType.allCases.filter(types.contains).map { type in
        let key = "\(clause.number) \(type.rawValue)"
        let behind = evidence[key] ?? []
        let (draft, drafted) = Self.draft(clause.number, behind)
        let remarks =
          !behind.isEmpty
          ? drafted
          : answeredByWCAGElsewhere[clause.number].map {
            "Not evaluated: the VPAT answers it with the WCAG tables applied to \($0), which this audit's evidence does not test."
          } ?? "Not evaluated: no criteria item bears on \(clause.reference)."
        let decision = decided[key]
        return ClauseRow(
          clause: clause, componentType: type, draft: draft, draftRemarks: remarks, decided: decision,
          signOff: decision.flatMap { decision in
            signOffs.levels[key].flatMap { $0.covers == decision.at ? $0 : nil }
          },
          evidence: behind, warnings: decision.map { Self.warnings($0, behind) } ?? [])
      }
    }
  }

  /// The clause rows of one chapter.
  public func clauses(in chapter: ACRChapter) -> [ClauseRow] {
    clauses.filter { $0.clause.chapter == chapter.id }
  }

  /// One level for a clause over every component type, as a chapter whose only component is the
  /// product (OpenACR's `none`) reports it: a failing level anywhere speaks for the product (the
  /// worse of them, or Partially Supports where another type supports; Not Applicable elsewhere
  /// changes nothing); Supports or Not
  /// Applicable only when every type has that level; otherwise none. The notes name each type's
  /// level and remarks when there are several.
  public static func productLevel(_ rows: [ClauseRow]) -> (level: ConformanceLevel?, notes: String) {
    let levels = rows.map(\.level)
    let notes =
      rows.count == 1
      ? rows[0].reportedRemarks
      : rows.map { "\($0.componentType.label): \($0.level?.label ?? "Not Evaluated"). \($0.reportedRemarks)" }
        .joined(separator: " ")
    let failing = levels.compactMap { $0 }.filter { $0 == .doesNotSupport || $0 == .partiallySupports }
    if !failing.isEmpty {
      // Not Applicable elsewhere leaves the failing level alone; Supports elsewhere makes it partial.
      let meeting = levels.contains { $0 == .supports }
      return (
        failing.allSatisfy { $0 == .doesNotSupport } && !meeting ? .doesNotSupport : .partiallySupports, notes
      )
    }
    guard !levels.isEmpty, levels.allSatisfy({ $0 != nil }) else { return (nil, notes) }
    if levels.allSatisfy({ $0 == .notApplicable }) { return (.notApplicable, notes) }
    if levels.allSatisfy({ $0 == .supports || $0 == .notApplicable }) { return (.supports, notes) }
    return (nil, notes)
  }
}
