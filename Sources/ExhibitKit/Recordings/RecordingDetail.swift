/// Everything Exhibit holds on one recording, as `recordings show` prints it.
public struct RecordingDetail: Sendable, Equatable, Codable {
  /// Where the bytes were seen.
  public struct PathRecord: Sendable, Equatable, Codable {
    public let path: String
    public let size: Int64
    public let firstSeen: String
    public let lastSeen: String
    public let missingSince: String?
  }

  /// A caption track with its cues.
  public struct CaptionTrack: Sendable, Equatable, Codable {
    public struct Cue: Sendable, Equatable, Codable {
      public let identifier: String?
      public let startSeconds: Double
      public let endSeconds: Double
      public let text: String
    }
    public let path: String
    public let language: String?
    public let sha256: String
    public let warnings: [String]
    public let cues: [Cue]
  }

  /// An evidence link to this recording.
  public struct Link: Sendable, Equatable, Codable {
    public let id: Int64
    public let item: ItemKey
    public let verdict: Verdict
    public let startSeconds: Double?
    public let endSeconds: Double?
    public let auditor: String
    public let note: String
    public let createdAt: String
    public let retractedAt: String?
    /// The audit it belongs to.
    public var audit: Int64? = nil
    /// The earlier round's link it was carried from, when it was not judged in its audit's round.
    public var carriedFrom: Int64? = nil
    /// Where it was judged: the auditor's words over what the recording says.
    public var environment: String? = nil
  }

  public let recording: RecordingSummary
  public let bitRate: Int?
  public let tags: [String: String]
  public let attribution: RecordingAttribution
  public let cataloguedAt: String
  public let paths: [PathRecord]
  public let streams: [MediaInfo.Stream]
  public let captions: [CaptionTrack]
  /// Its evidence links, which the composer adds (``Store/recordingDetail(id:)``).
  public internal(set) var links: [Link]
  /// The closed audits with verdicts on it, as `ID (NAME)`: each keeps the attribution it was
  /// closed with, whatever is set here since; nil when there are none.
  public internal(set) var closedAudits: [String]? = nil
  /// The phrases Exhibit heard in it (``HeardTrack``): heard, not captioned; empty when it was
  /// not listened to.
  public internal(set) var heard: [HeardTrack.HeardPhrase] = []
  /// Where Exhibit heard speech in it.
  public internal(set) var utterances: [HeardTrack.Utterance] = []
  /// How and when it was listened to; nil when it was not.
  public internal(set) var hearing: HeardTrack.Listening? = nil

  /// Takes what was heard in it.
  mutating func hear(_ track: HeardTrack?) {
    heard = track?.heard ?? []
    utterances = track?.utterances ?? []
    hearing = track.map(HeardTrack.Listening.init)
  }
}
