/// What a catalogue run did, as `exhibit catalog` reports it.
public struct CatalogueSummary: Sendable, Equatable, Codable {
  /// A file recognised by its hash at a new path, its old path gone.
  public struct Move: Sendable, Equatable, Codable {
    public let path: String
    public let from: [String]
  }

  /// A new path holding bytes already catalogued at another path that still exists.
  public struct Duplicate: Sendable, Equatable, Codable {
    public let path: String
    public let sameAs: [String]
  }

  /// Recording files looked at.
  public var scanned = 0
  /// Recording files opened to be probed and hashed (the rest were skipped unread).
  public var read = 0
  /// Paths catalogued for the first time (new recordings and copies of known ones).
  public var added = 0
  /// Files skipped without reading (same size, modification time and inode), or re-read and
  /// found to hold the same bytes.
  public var unchanged = 0
  /// Paths whose bytes changed since the last run, or whose captions did.
  public var updated = 0
  /// Files that could not be catalogued (their reasons are in ``errors``).
  public var failed = 0
  public var moved: [Move] = []
  public var duplicates: [Duplicate] = []
  /// Paths newly marked missing: catalogued before, gone now.
  public var missing: [String] = []
  /// Caption files with no recording beside them.
  public var orphanCaptions: [String] = []
  /// Every file that failed, with the reason.
  public var errors: [CatalogueProblem] = []
  /// Things worth knowing that did not stop a file: truncation, skipped caption cues.
  public var warnings: [CatalogueProblem] = []
  /// What went to the workspace's evidence store; nil without one.
  public var storage: StorageReport?

  /// What a catalogue run gave an evidence store.
  public struct StorageReport: Sendable, Equatable, Codable {
    /// The store: `s3://bucket/prefix`.
    public var location: String
    /// Recordings and caption files recorded as held by the store in this run.
    public var stored = 0
  }

  public init() {}
}
