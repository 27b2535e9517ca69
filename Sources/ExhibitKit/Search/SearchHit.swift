/// One match, with where it is and the words around it.
public struct SearchHit: Sendable, Equatable, Encodable {
  /// Which index it came from.
  public let kind: SearchKind
  /// What part of the criteria matched: `item`, `gherkin`, `developer-note` or `announcement`;
  /// for other kinds, the kind itself.
  public let source: String
  /// `family/slug`, or nil for a recording not attributed to a component.
  public let component: ComponentID?
  /// The platform it belongs to; nil when it applies to several (see ``platforms``).
  public let platform: Platform?
  /// Every platform it applies to.
  public let platforms: [Platform]
  /// The screen reader, for captions and notes.
  public let assistiveTech: String?
  /// A short title: the item's label, the scenario's title, the file name, the note's item.
  public let title: String
  /// The matching text with matched words in `[` and `]`.
  public internal(set) var snippet: String
  /// The criteria item's key (criteria items and notes).
  public let item: ItemKey?
  /// The recording (captions, recordings, notes); JSON carries its absolute path.
  public let recording: RecordingRef?
  /// Where the cue (or the note's segment) starts, in seconds.
  public let startSeconds: Double?
  /// Where it ends, in seconds.
  public let endSeconds: Double?
  /// FTS5's bm25 score: lower is better.
  public let score: Double
  /// For a heard phrase, how sure the recogniser was (0 to 1); nil for every other kind.
  public let confidence: Double?

  private enum CodingKeys: String, CodingKey {
    case kind, source, component, platform, platforms, assistiveTech, title, snippet, item, recording
    case startSeconds, endSeconds, score, confidence
  }

  /// Creates a hit.
  public init(
    kind: SearchKind, source: String, component: ComponentID?, platform: Platform?, platforms: [Platform],
    assistiveTech: String?, title: String, snippet: String, item: ItemKey?, recording: RecordingRef?,
    startSeconds: Double?, endSeconds: Double?, score: Double, confidence: Double? = nil
  ) {
    self.kind = kind
    self.source = source
    self.component = component
    self.platform = platform
    self.platforms = platforms
    self.assistiveTech = assistiveTech
    self.title = title
    self.snippet = snippet
    self.item = item
    self.recording = recording
    self.startSeconds = startSeconds
    self.endSeconds = endSeconds
    self.score = score
    self.confidence = confidence
  }

  /// Whether this hit ranks before `other`: heard phrases after every other hit (Exhibit's guess
  /// below what was captioned, written or named), then by score, kind and snippet.
  public func ranksBefore(_ other: SearchHit) -> Bool {
    (kind == .heard ? 1 : 0, score, kind.rawValue, snippet)
      < (other.kind == .heard ? 1 : 0, other.score, other.kind.rawValue, other.snippet)
  }

  /// Encodes every key, unknown values as `null`, so every hit has the same shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(source, forKey: .source)
    try container.encode(component, forKey: .component)
    try container.encode(platform, forKey: .platform)
    try container.encode(platforms, forKey: .platforms)
    try container.encode(assistiveTech, forKey: .assistiveTech)
    try container.encode(title, forKey: .title)
    try container.encode(snippet, forKey: .snippet)
    try container.encode(item, forKey: .item)
    try container.encode(recording?.path, forKey: .recording)
    try container.encode(startSeconds, forKey: .startSeconds)
    try container.encode(endSeconds, forKey: .endSeconds)
    try container.encode(score, forKey: .score)
    try container.encode(confidence, forKey: .confidence)
  }
}
