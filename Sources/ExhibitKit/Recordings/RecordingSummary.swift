/// A catalogued recording as `recordings list` shows it.
public struct RecordingSummary: Sendable, Equatable, Codable {
  /// The recording's row id, so nothing looks it up again; not part of the JSON.
  public internal(set) var id: Int64 = 0
  /// The recording's first present path (absolute); its first path when all are missing.
  public let path: String
  /// Nil only for a file that could not be read at all.
  public let sha256: String?
  public let size: Int64
  public let status: RecordingStatus
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
  /// How many phrases Exhibit heard in it (`exhibit listen`); nil when it was not listened to.
  public internal(set) var heardPhrases: Int? = nil

  private enum CodingKeys: String, CodingKey {
    case path, sha256, size, status, error, container, durationSeconds, videoCodec, width, height, audioCodec
    case family, component, platform, assistiveTech, browser, captionCues, missing, heardPhrases
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
    try container.encode(heardPhrases, forKey: .heardPhrases)
  }
}
