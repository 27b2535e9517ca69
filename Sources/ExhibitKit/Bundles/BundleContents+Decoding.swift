import Foundation

// `manifest.json` read back, so `exhibit verify` can render the bag's report and EARL again from
// what the manifest states and compare them with the files in the bag. What the manifest does not
// carry is left empty here: host paths, transcripts (read from the bag's caption files, see
// ``BundleRendering``), audit events and the Gherkin feature.

extension BundleContents.Caption {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    file = try container.decode(String.self, forKey: .file)
    language = try container.decodeIfPresent(String.self, forKey: .language)
    sha256 = try container.decode(String.self, forKey: .sha256)
    source = ""
  }
}

extension BundleContents.Recording {
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    sha256 = try values.decode(String.self, forKey: .sha256)
    file = try values.decode(String.self, forKey: .file)
    name = try values.decode(String.self, forKey: .name)
    size = try values.decode(Int64.self, forKey: .size)
    status = try values.decode(RecordingStatus.self, forKey: .status)
    container = try values.decodeIfPresent(String.self, forKey: .container)
    durationSeconds = try values.decodeIfPresent(Double.self, forKey: .durationSeconds)
    videoCodec = try values.decodeIfPresent(String.self, forKey: .videoCodec)
    width = try values.decodeIfPresent(Int.self, forKey: .width)
    height = try values.decodeIfPresent(Int.self, forKey: .height)
    audioCodec = try values.decodeIfPresent(String.self, forKey: .audioCodec)
    assistiveTech = try values.decodeIfPresent(String.self, forKey: .assistiveTech)
    browser = try values.decodeIfPresent(String.self, forKey: .browser)
    captions = try values.decode([BundleContents.Caption].self, forKey: .captions)
    environment = try values.decode(BundleContents.Environment.self, forKey: .environment)
    transcript = []
    source = ""
  }

  /// The same recording with `cues` as its transcript.
  func with(transcript cues: [BundleContents.Cue]) -> Self {
    Self(
      sha256: sha256, file: file, name: name, size: size, status: status, container: container,
      durationSeconds: durationSeconds, videoCodec: videoCodec, width: width, height: height,
      audioCodec: audioCodec, assistiveTech: assistiveTech, browser: browser, captions: captions,
      environment: environment, transcript: cues, source: source)
  }
}

extension BundleContents {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    component = try container.decode(String.self, forKey: .component)
    title = try container.decode(String.self, forKey: .title)
    platform = try container.decode(Platform.self, forKey: .platform)
    date = try container.decode(String.self, forKey: .date)
    criteriaRevision = try container.decode(Int.self, forKey: .criteriaRevision)
    criteriaFormat = try container.decode(String.self, forKey: .criteriaFormat)
    criteriaSha256 = try container.decode(String.self, forKey: .criteriaSha256)
    auditors = try container.decode([String].self, forKey: .auditors)
    tested = try container.decode(TestedProduct.self, forKey: .tested)
    overallStatus = try container.decode(OverallStatus.self, forKey: .overallStatus)
    columns = try container.decode([Column].self, forKey: .columns)
    items = try container.decode([Item].self, forKey: .items)
    gaps = try container.decode([String].self, forKey: .gaps)
    links = try container.decode([Link].self, forKey: .links)
    recordings = try container.decode([Recording].self, forKey: .recordings)
    auditHead = try container.decode(String.self, forKey: .auditHead)
    auditEvents = []
    feature = ""
  }

  /// The same contents with each recording's transcript replaced.
  func with(transcripts: [String: [Cue]]) -> Self {
    var copy = self
    copy.recordings = recordings.map { $0.with(transcript: transcripts[$0.sha256] ?? []) }
    return copy
  }

  /// How `manifest.json` is written: snake_case keys, sorted, indented.
  static var manifestEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// How `manifest.json` is read.
  static var manifestDecoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }
}
