import Foundation

/// A catalogued recording as `recordings list` shows it.
public struct RecordingSummary: Sendable, Equatable, Codable {
  /// The recording's first present path (absolute); its first path when all are missing.
  public let path: String
  /// Nil only for a file that could not be read at all.
  public let sha256: String?
  public let size: Int64
  /// `ok`, `truncated` or `error`.
  public let status: String
  public let error: String?
  public let container: String?
  public let durationSeconds: Double?
  public let videoCodec: String?
  public let width: Int?
  public let height: Int?
  public let audioCodec: String?
  public let family: String?
  /// `family/slug`, as every JSON document names a component.
  public let component: String?
  public let platform: String?
  public let assistiveTech: String?
  public let browser: String?
  public let captionCues: Int
  /// Whether no path of it exists any more.
  public let missing: Bool

  private enum CodingKeys: String, CodingKey {
    case path, sha256, size, status, error, container, durationSeconds, videoCodec, width, height, audioCodec
    case family, component, platform, assistiveTech, browser, captionCues, missing
  }

  /// Encodes every key, unknown values as `null`, so readers of the JSON see the whole shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(sha256, forKey: .sha256)
    try container.encode(size, forKey: .size)
    try container.encode(status, forKey: .status)
    try container.encode(error, forKey: .error)
    try container.encode(self.container, forKey: .container)
    try container.encode(durationSeconds, forKey: .durationSeconds)
    try container.encode(videoCodec, forKey: .videoCodec)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(audioCodec, forKey: .audioCodec)
    try container.encode(family, forKey: .family)
    try container.encode(component, forKey: .component)
    try container.encode(platform, forKey: .platform)
    try container.encode(assistiveTech, forKey: .assistiveTech)
    try container.encode(browser, forKey: .browser)
    try container.encode(captionCues, forKey: .captionCues)
    try container.encode(missing, forKey: .missing)
  }
}

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
    public let item: String
    public let verdict: String
    public let startSeconds: Double?
    public let endSeconds: Double?
    public let auditor: String
    public let note: String
    public let createdAt: String
    public let retractedAt: String?
  }

  public let recording: RecordingSummary
  public let bitRate: Int?
  public let tags: [String: String]
  public let attribution: RecordingAttribution
  public let cataloguedAt: String
  public let paths: [PathRecord]
  public let streams: [MediaInfo.Stream]
  public let captions: [CaptionTrack]
  public let links: [Link]
}

/// Why a recording reference could not be resolved.
public enum RecordingLookupError: Error, Sendable, Equatable, CustomStringConvertible {
  case notFound(String)
  case ambiguous(String, matches: [String])

  public var description: String {
    switch self {
    case .notFound(let reference):
      "\(reference): no catalogued recording has this path or SHA-256 prefix; `exhibit recordings list` shows them"
    case .ambiguous(let reference, let matches):
      "\(reference): more than one recording matches; give more of the hash: \(matches.joined(separator: ", "))"
    }
  }
}

extension Store {
  /// SQL for the path a recording `r` is shown at: its first present path, else its first path.
  static let primaryPath = """
    (SELECT p.path FROM recording_path p WHERE p.recording_id = r.id
     ORDER BY p.missing_since IS NOT NULL, p.id LIMIT 1)
    """

  /// Catalogued recordings, filtered, ordered by component then path.
  ///
  /// - Parameters:
  ///   - component: `family/name` or a bare name.
  ///   - platform: Only recordings attributed to this platform.
  ///   - status: `ok`, `truncated` or `error`.
  /// - Returns: One summary per recording.
  /// - Throws: ``SQLiteError``.
  public func recordings(component: String? = nil, platform: Platform? = nil, status: String? = nil) throws
    -> [RecordingSummary]
  {
    var conditions: [String] = []
    var values: [any SQLBindable] = []
    if let component {
      let parts = component.lowercased().split(separator: "/", maxSplits: 1).map(String.init)
      if parts.count == 2 {
        conditions.append("r.family = ? AND r.component = ?")
        values += [parts[0], parts[1]]
      } else {
        conditions.append("r.component = ?")
        values.append(parts.first ?? "")
      }
    }
    if let platform {
      conditions.append("r.platform = ?")
      values.append(platform.rawValue)
    }
    if let status {
      conditions.append("r.status = ?")
      values.append(status)
    }
    let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
    return try connection.query(
      Self.summarySelect + " \(filter) ORDER BY r.family, r.component, path", values
    )
    .map(Self.summary)
  }

  /// Finds a recording by path (absolute, or relative to `currentDirectory`) or by a prefix of
  /// its SHA-256 (at least 8 hex digits, as the design says, so a prefix stays unambiguous).
  ///
  /// - Returns: The recording's row id.
  /// - Throws: ``RecordingLookupError``.
  public func resolveRecording(
    _ reference: String, currentDirectory: String = FileManager.default.currentDirectoryPath
  )
    throws -> Int64
  {
    let absolute = CatalogScope.absolute(reference, from: currentDirectory)
    if let id = try connection.first("SELECT recording_id FROM recording_path WHERE path = ?", [absolute])?
      .int64(
        "recording_id")
    {
      return id
    }
    let hex = reference.lowercased()
    guard hex.count >= 8, hex.count <= 64, hex.allSatisfy(\.isHexDigit) else {
      throw RecordingLookupError.notFound(reference)
    }
    let matches = try connection.query(
      "SELECT id, sha256 FROM recording WHERE sha256 >= ? AND sha256 < ? ORDER BY sha256 LIMIT 6",
      [hex, hex + "g"])
    switch matches.count {
    case 0: throw RecordingLookupError.notFound(reference)
    case 1: return matches[0].int64("id") ?? 0
    default:
      throw RecordingLookupError.ambiguous(reference, matches: matches.compactMap { $0.string("sha256") })
    }
  }

  /// Every field of one recording, its paths, streams, captions and evidence links.
  public func recordingDetail(id: Int64) throws -> RecordingDetail {
    guard let row = try connection.first(Self.summarySelect + " WHERE r.id = ?", [id]) else {
      throw RecordingLookupError.notFound(String(id))
    }
    let paths = try connection.query(
      "SELECT path, size, first_seen, last_seen, missing_since FROM recording_path WHERE recording_id = ? ORDER BY id",
      [id]
    ).map {
      RecordingDetail.PathRecord(
        path: $0.string("path") ?? "", size: $0.int64("size") ?? 0, firstSeen: $0.string("first_seen") ?? "",
        lastSeen: $0.string("last_seen") ?? "", missingSince: $0.string("missing_since"))
    }
    let streams = try connection.query(
      "SELECT * FROM recording_stream WHERE recording_id = ? ORDER BY stream_index", [id]
    ).map {
      MediaInfo.Stream(
        index: $0.int("stream_index") ?? 0, kind: $0.string("kind") ?? "other",
        codec: $0.string("codec") ?? "",
        width: $0.int("width"), height: $0.int("height"), frameRate: $0.string("frame_rate"),
        sampleRate: $0.int("sample_rate"), channels: $0.int("channels"), bitRate: $0.int("bit_rate"),
        language: $0.string("language"))
    }
    var captions: [RecordingDetail.CaptionTrack] = []
    for track in try connection.query(
      "SELECT id, path, language, sha256, warnings FROM caption_track WHERE recording_id = ? ORDER BY path",
      [id])
    {
      let cues = try connection.query(
        "SELECT identifier, start_ms, end_ms, text FROM caption_cue WHERE track_id = ? ORDER BY position",
        [track.int64("id") ?? 0]
      ).map {
        RecordingDetail.CaptionTrack.Cue(
          identifier: $0.string("identifier"), startSeconds: Double($0.int64("start_ms") ?? 0) / 1000,
          endSeconds: Double($0.int64("end_ms") ?? 0) / 1000, text: $0.string("text") ?? "")
      }
      let warnings =
        (try? JSONDecoder().decode([String].self, from: Data((track.string("warnings") ?? "[]").utf8))) ?? []
      captions.append(
        .init(
          path: track.string("path") ?? "", language: track.string("language"),
          sha256: track.string("sha256") ?? "",
          warnings: warnings, cues: cues))
    }
    let links = try connection.query(
      """
      SELECT l.id, i.key, l.verdict, l.start_ms, l.end_ms, l.auditor, l.note, l.created_at, l.retracted_at
      FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id WHERE l.recording_id = ? ORDER BY l.id
      """, [id]
    ).map {
      RecordingDetail.Link(
        id: $0.int64("id") ?? 0, item: $0.string("key") ?? "", verdict: $0.string("verdict") ?? "",
        startSeconds: $0.int64("start_ms").map { Double($0) / 1000 },
        endSeconds: $0.int64("end_ms").map { Double($0) / 1000 }, auditor: $0.string("auditor") ?? "",
        note: $0.string("note") ?? "", createdAt: $0.string("created_at") ?? "",
        retractedAt: $0.string("retracted_at"))
    }
    func attributed(_ column: String) -> Attributed? {
      guard let value = row.string(column),
        let source = row.string("\(column)_source").flatMap(AttributionSource.init)
      else { return nil }
      return Attributed(value, source)
    }
    return RecordingDetail(
      recording: Self.summary(row), bitRate: row.int("bit_rate"),
      tags: Self.tags(fromJSON: row.string("tags")),
      attribution: RecordingAttribution(
        family: attributed("family"), component: Self.componentID(attributed("component"), family: row),
        platform: attributed("platform"),
        assistiveTech: attributed("assistive_tech"), browser: attributed("browser"),
        osVersion: attributed("os_version")),
      cataloguedAt: row.string("catalogued_at") ?? "", paths: paths, streams: streams, captions: captions,
      links: links)
  }

  private static let summarySelect = """
    SELECT r.*,
      \(Store.primaryPath) AS path,
      NOT EXISTS (SELECT 1 FROM recording_path p WHERE p.recording_id = r.id AND p.missing_since IS NULL) AS missing,
      (SELECT codec FROM recording_stream s WHERE s.recording_id = r.id AND s.kind = 'video'
       ORDER BY stream_index LIMIT 1) AS video_codec,
      (SELECT width FROM recording_stream s WHERE s.recording_id = r.id AND s.kind = 'video'
       ORDER BY stream_index LIMIT 1) AS width,
      (SELECT height FROM recording_stream s WHERE s.recording_id = r.id AND s.kind = 'video'
       ORDER BY stream_index LIMIT 1) AS height,
      (SELECT codec FROM recording_stream s WHERE s.recording_id = r.id AND s.kind = 'audio'
       ORDER BY stream_index LIMIT 1) AS audio_codec,
      (SELECT count(*) FROM caption_cue c JOIN caption_track t ON t.id = c.track_id
       WHERE t.recording_id = r.id) AS caption_cues
    FROM recording r
    """

  private static func summary(_ row: Row) -> RecordingSummary {
    RecordingSummary(
      path: row.string("path") ?? "", sha256: row.string("sha256"), size: row.int64("size") ?? 0,
      status: row.string("status") ?? "error", error: row.string("error"), container: row.string("container"),
      durationSeconds: row.int64("duration_ms").map { Double($0) / 1000 },
      videoCodec: row.string("video_codec"),
      width: row.int("width"), height: row.int("height"), audioCodec: row.string("audio_codec"),
      family: row.string("family"),
      component: componentID(row.string("component"), family: row.string("family")),
      platform: row.string("platform"), assistiveTech: row.string("assistive_tech"),
      browser: row.string("browser"),
      captionCues: row.int("caption_cues") ?? 0, missing: row.bool("missing"))
  }

  /// A component as every JSON document names it, `family/slug`; the bare slug only when the
  /// family is unknown.
  static func componentID(_ slug: String?, family: String?) -> String? {
    guard let slug else { return nil }
    return family.map { "\($0)/\(slug)" } ?? slug
  }

  /// An attributed component, its value given as `family/slug`.
  private static func componentID(_ component: Attributed?, family row: Row) -> Attributed? {
    guard let component else { return nil }
    return Attributed(
      componentID(component.value, family: row.string("family")) ?? component.value, component.source)
  }
}
