import ExhibitStorage
import Foundation

// The catalogue's tables' rows, read strictly: a damaged row is an error naming its column.

/// A row of `recording`: one set of bytes, with what it is of and how it was probed.
struct RecordingRow: TableRecord {
  static let table = "recording"
  static let columns = [
    "id", "sha256", "size", "status", "error", "container", "duration_ms", "bit_rate", "tags", "family",
    "family_source", "component", "component_source", "platform", "platform_source", "assistive_tech",
    "assistive_tech_source", "browser", "browser_source", "os_version", "os_version_source", "catalogued_at",
    "device", "device_source",
  ]
  let id: Int64
  let sha256: String?
  let size: Int64
  let status: RecordingStatus
  let error: String?
  let container: String?
  let durationMilliseconds: Int64?
  let bitRate: Int?
  /// The container's tags as stored (a JSON object of strings), read by ``tags()`` when a caller
  /// needs them: most readers of a recording (a link, a page of coverage) never do, and decoding
  /// JSON is a fiftieth of such a command's start.
  let tagsJSON: String
  let attribution: RecordingAttribution
  let cataloguedAt: String

  init(row: Row) throws {
    id = try row.decode("id")
    sha256 = try row.decode("sha256")
    size = try row.decode("size")
    status = try row.decode("status")
    error = try row.decode("error")
    container = try row.decode("container")
    durationMilliseconds = try row.decode("duration_ms")
    bitRate = try row.decode("bit_rate")
    tagsJSON = try row.decode("tags")
    func attributed(_ column: String) throws -> Attributed? {
      guard let value: String = try row.decode(column) else { return nil }
      let source: AttributionSource = try row.decode("\(column)_source")
      return Attributed(value, source)
    }
    let family = try attributed("family")
    // The component is given as `family/slug`, as every JSON document names a component.
    let component = try attributed("component").map { component in
      Attributed(family.map { "\($0.value)/\(component.value)" } ?? component.value, component.source)
    }
    attribution = RecordingAttribution(
      family: family, component: component, platform: try attributed("platform"),
      assistiveTech: try attributed("assistive_tech"), browser: try attributed("browser"),
      osVersion: try attributed("os_version"), device: try attributed("device"))
    cataloguedAt = try row.decode("catalogued_at")
  }

  var durationSeconds: Double? { durationMilliseconds.map { Double($0) / 1000 } }

  /// The container's tags.
  /// - Throws: ``RowDecodingError`` naming `tags` when the column is not a JSON object of strings.
  func tags() throws -> [String: String] {
    guard let tags = try? JSONDecoder().decode([String: String].self, from: Data(tagsJSON.utf8)) else {
      throw RowDecodingError(table: Self.table, column: "tags", problem: "not a JSON object of strings")
    }
    return tags
  }
}

/// A row of `recording_path`: a place the bytes were seen.
struct RecordingPathRow: TableRecord {
  static let table = "recording_path"
  static let columns = ["id", "recording_id", "path", "size", "first_seen", "last_seen", "missing_since"]
  let id: Int64
  let recordingID: Int64
  let record: RecordingDetail.PathRecord

  init(row: Row) throws {
    id = try row.decode("id")
    recordingID = try row.decode("recording_id")
    record = RecordingDetail.PathRecord(
      path: try row.decode("path"), size: try row.decode("size"), firstSeen: try row.decode("first_seen"),
      lastSeen: try row.decode("last_seen"), missingSince: try row.decode("missing_since"))
  }
}

/// A row of `recording_stream`.
struct RecordingStreamRow: TableRecord {
  static let table = "recording_stream"
  static let columns = [
    "stream_index", "kind", "codec", "width", "height", "frame_rate", "sample_rate", "channels", "bit_rate",
    "language",
  ]
  let stream: MediaInfo.Stream

  init(row: Row) throws {
    stream = MediaInfo.Stream(
      index: try row.decode("stream_index"), kind: try row.decode("kind"), codec: try row.decode("codec"),
      width: try row.decode("width"), height: try row.decode("height"),
      frameRate: try row.decode("frame_rate"),
      sampleRate: try row.decode("sample_rate"), channels: try row.decode("channels"),
      bitRate: try row.decode("bit_rate"), language: try row.decode("language"))
  }
}

/// A row of `caption_track`: a `.vtt` sidecar of a recording.
struct CaptionTrackRow: TableRecord {
  static let table = "caption_track"
  static let columns = ["id", "recording_id", "path", "language", "sha256", "size", "mtime_ns", "warnings"]
  let id: Int64
  let recordingID: Int64
  let path: String
  let language: String?
  let sha256: String
  let size: Int64
  let modifiedNanoseconds: Int64
  let warnings: [String]

  init(row: Row) throws {
    id = try row.decode("id")
    recordingID = try row.decode("recording_id")
    path = try row.decode("path")
    language = try row.decode("language")
    sha256 = try row.decode("sha256")
    size = try row.decode("size")
    modifiedNanoseconds = try row.decode("mtime_ns")
    let text: String = try row.decode("warnings")
    guard let warnings = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else {
      throw RowDecodingError(column: "warnings", problem: "not a JSON array of strings")
    }
    self.warnings = warnings
  }
}

/// A row of `caption_cue`.
struct CaptionCueRow: TableRecord {
  static let table = "caption_cue"
  static let columns = ["id", "track_id", "identifier", "start_ms", "end_ms", "text"]
  let id: Int64
  let trackID: Int64
  let identifier: String?
  let startMilliseconds: Int64
  let endMilliseconds: Int64
  let text: String

  init(row: Row) throws {
    id = try row.decode("id")
    trackID = try row.decode("track_id")
    identifier = try row.decode("identifier")
    startMilliseconds = try row.decode("start_ms")
    endMilliseconds = try row.decode("end_ms")
    text = try row.decode("text")
  }

  /// The cue as a recording's detail lists it.
  var cue: RecordingDetail.CaptionTrack.Cue {
    .init(
      identifier: identifier, startSeconds: Double(startMilliseconds) / 1000,
      endSeconds: Double(endMilliseconds) / 1000, text: text)
  }
}
