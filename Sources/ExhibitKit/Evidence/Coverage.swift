/// How far a component's criteria are covered by evidence, per platform and screen reader.
public struct Coverage: Sendable, Equatable, Encodable {
  /// A platform with a screen reader: one column of the matrix.
  public struct Column: Sendable, Equatable, Hashable, Encodable {
    public let platform: Platform
    public let assistiveTech: String?
  }

  /// A segment of a recording behind a verdict.
  public struct Segment: Sendable, Equatable, Encodable {
    public let link: Int64
    /// The recording; JSON carries its path.
    public let recording: RecordingRef
    public let fromSeconds: Double?
    public let toSeconds: Double?
    public let verdict: Verdict
    /// The earlier round's link this verdict was carried from, when it was not retested.
    public var carriedFrom: Int64? = nil
    /// Where it was judged, as the auditor gave it, when they did.
    public var environment: String? = nil
    /// What the verdict rests on; an observation has no recording (JSON `recording` is null).
    public var evidence: EvidenceKind = .recording
    /// The auditor's note: why it passed or failed, or what was observed.
    public var note: String = ""
    /// Who judged it.
    public var auditor: String = ""
    /// Where it was judged, field by field (the auditor's words over the recording's); not in JSON,
    /// which has ``environment``.
    public var testedWith: LinkEnvironment? = nil
    /// When it was judged (the link's time); not in JSON.
    public var judgedAt: String? = nil

    private enum CodingKeys: String, CodingKey {
      case link, recording, fromSeconds, toSeconds, verdict, carriedFrom, environment, evidence, note, auditor
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(link, forKey: .link)
      try container.encode(evidence == .observation ? nil : recording.path, forKey: .recording)
      try container.encode(evidence, forKey: .evidence)
      try container.encode(note, forKey: .note)
      try container.encode(auditor, forKey: .auditor)
      try container.encodeIfPresent(fromSeconds, forKey: .fromSeconds)
      try container.encodeIfPresent(toSeconds, forKey: .toSeconds)
      try container.encode(verdict, forKey: .verdict)
      try container.encodeIfPresent(carriedFrom, forKey: .carriedFrom)
      try container.encodeIfPresent(environment, forKey: .environment)
    }
  }

  /// One item in one column.
  public struct Cell: Sendable, Equatable, Encodable {
    public let platform: Platform
    public let assistiveTech: String?
    /// What the cell's links say together; nil without evidence.
    public let verdict: CombinedVerdict?
    public let links: Int
    public let segments: [Segment]
    /// Whether the verdict is only carried from an earlier round: nobody retested it in this one.
    public var carried = false
    /// Whether the item needs a verdict here (``EvidenceColumn``): its platform's column for a
    /// keyboard, settings or other item, a screen reader's for a screen-reader or gesture item.
    public var required = false
    /// Whether the cell counts toward the item's standing: a column it needs, or one that holds a
    /// deciding verdict anyway.
    public var counts: Bool { required || (verdict != nil && verdict != .untested) }
    /// Who approved the column's verdicts as they are, and when (a second person's sign-off);
    /// nil while nobody has.
    public var approvedBy: String? = nil
    public var approvedAt: String? = nil

    /// The live links that hold a verdict (an accepted suggestion still untested holds none), as
    /// an approval of the column covers them: `3,5,9`.
    public var decidingLinks: String {
      segments.filter { $0.verdict != .untested }.map(\.link).sorted().map(String.init).joined(separator: ",")
    }
  }

  /// An item's column as one text (`native/checkbox#screenreader.role ios voiceover`), which keys
  /// the approvals of columns wherever they are matched to cells.
  public static func columnKey(_ item: String, _ platform: Platform?, _ assistiveTech: String?) -> String {
    "\(item) \(platform?.rawValue ?? "") \(assistiveTech ?? "")"
  }

  /// One criteria item with its cells.
  public struct Item: Sendable, Equatable, Encodable {
    public let key: ItemKey
    public let section: CriteriaSection
    public let label: String
    public let platforms: [Platform]
    public let notApplicable: Bool
    public internal(set) var cells: [Cell]
    /// Platforms in scope with a column (a screen reader) that has no pass, fail or
    /// not-applicable evidence for the item.
    public let gapPlatforms: [Platform]
    /// Those columns.
    public let gapColumns: [Column]
    /// What its columns say together (``ItemStanding``); nil without evidence.
    public let verdict: CombinedVerdict?
    /// Whether a column has a pass and a fail (and no column fails).
    public let conflict: Bool
    /// Whether every column with a verdict has it only carried from an earlier round.
    public var carried = false
    /// The cells its standing counts: on a platform it applies to, a column it needs or one that
    /// holds a verdict anyway.
    public var countedCells: [Cell] { cells.filter { platforms.contains($0.platform) && $0.counts } }
    /// Where the item counts in a summary.
    public var bucket: ItemStanding.Bucket {
      ItemStanding(notApplicable: notApplicable, columns: countedCells.map(\.verdict)).bucket
    }
  }

  /// A live link pinned to an item of a superseded revision.
  public struct StaleLink: Sendable, Equatable, Encodable {
    public let link: Int64
    public let item: ItemKey
    public let revision: Int
    public let verdict: Verdict
  }

  /// A live link whose recording can no longer be shown as it was judged: it counts for no
  /// verdict until it is resolved.
  public struct UnavailableLink: Sendable, Equatable, Encodable {
    public let link: Int64
    public let item: ItemKey
    /// The recording; JSON carries its last known path.
    public let recording: RecordingRef
    /// `recording missing` (no file at any of its paths) or `bytes changed` (its path now holds
    /// other bytes).
    public let state: RecordingAvailability
    public let verdict: Verdict
    /// How to resolve it.
    public let advice: String

    private enum CodingKeys: String, CodingKey { case link, item, recording, state, verdict, advice }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(link, forKey: .link)
      try container.encode(item, forKey: .item)
      try container.encode(recording.path, forKey: .recording)
      try container.encode(state, forKey: .state)
      try container.encode(verdict, forKey: .verdict)
      try container.encode(advice, forKey: .advice)
    }
  }

  public let component: ComponentID
  public let revision: Int
  public let columns: [Column]
  public internal(set) var items: [Item]
  /// Keys of items with a gap in some column in scope.
  public let gaps: [ItemKey]
  /// Keys of items whose evidence disagrees (pass and fail in one column).
  public let conflicts: [ItemKey]
  public let stale: [StaleLink]
  /// Live links of the current revision whose recording is missing or changed.
  public let unavailable: [UnavailableLink]

  private enum CodingKeys: String, CodingKey {
    case component, revision, columns, items, gaps, conflicts, stale, unavailable, summary
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(component, forKey: .component)
    try container.encode(revision, forKey: .revision)
    try container.encode(columns, forKey: .columns)
    try container.encode(items, forKey: .items)
    try container.encode(gaps, forKey: .gaps)
    try container.encode(conflicts, forKey: .conflicts)
    try container.encode(stale, forKey: .stale)
    try container.encode(unavailable, forKey: .unavailable)
    // The counts every surface shows, by the one rule (``ItemStanding``).
    try container.encode(tally, forKey: .summary)
  }

  /// Marks each column someone approved: `approval` says who and when for an item's column, or
  /// nil.
  mutating func markApproved(_ approval: (ItemKey, Cell) -> (by: String, at: String)?) {
    for index in items.indices {
      for column in items[index].cells.indices {
        guard let (by, at) = approval(items[index].key, items[index].cells[column]) else { continue }
        items[index].cells[column].approvedBy = by
        items[index].cells[column].approvedAt = at
      }
    }
  }
}
