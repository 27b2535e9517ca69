/// Why a link or a retraction was refused, in words an auditor can act on.
public enum EvidenceError: Error, Sendable, Equatable, CustomStringConvertible {
  case unknownItem(String)
  case recordingUnreadable(String)
  /// A truncated recording with no media at all: there is nothing to judge.
  case recordingEmpty(String)
  case segmentIncomplete
  case segmentEmpty(from: Double, to: Double)
  case segmentOutside(from: Double, to: Double, duration: Double)
  case segmentTooShort(from: Double, to: Double)
  case platformUnknown(recording: String, item: String)
  case itemNotForPlatform(item: String, platform: String, applies: [String])
  case itemNotForComponent(recording: String, item: String, component: String)
  case unknownLink(Int64)
  case alreadyRetracted(Int64, at: String)
  case emptyReason
  /// An observation rests on its note: without one there is no evidence.
  case observationWithoutNote(item: String)
  /// An observation must say which platform it was made on.
  case observationWithoutPlatform(item: String, applies: [String])
  /// A screenshot (`evidence`) or an observation (nil) of a screen-reader or gesture item names
  /// no screen reader.
  case screenReaderNeeded(item: String, evidence: String?, section: String)
  /// A screenshot is linked whole.
  case screenshotSegment(String)

  public var description: String {
    switch self {
    case .unknownItem(let key):
      "\(key): no such criteria item in the current revision; `exhibit criteria show COMPONENT` lists the keys"
    case .recordingEmpty(let recording):
      "\(recording): truncated before its first frame, so it shows nothing to judge; record or copy it again"
    case .recordingUnreadable(let recording):
      "\(recording): the recording could not be read when catalogued, so it cannot be evidence"
    case .segmentIncomplete:
      "--from and --to go together"
    case .segmentEmpty(let from, let to):
      "the segment \(from)–\(to) s is empty or reversed; --from must be before --to"
    case .segmentOutside(let from, let to, let duration):
      "the segment \(from)–\(to) s lies outside the recording, which lasts \(duration) s"
    case .segmentTooShort(let from, let to):
      "the segment \(from)–\(to) s is shorter than a millisecond, the finest time a link stores"
    case .platformUnknown(let recording, let item):
      "\(recording): its platform is unknown, so \(item) cannot be checked against it; "
        + "pass --other-platform to link it anyway (the override is recorded)"
    case .itemNotForPlatform(let item, let platform, let applies):
      "\(item) applies to \(applies.joined(separator: ", ")), not to \(platform), the recording's platform; "
        + "pass --other-platform to link it anyway (the override is recorded)"
    case .itemNotForComponent(let recording, let item, let component):
      "\(recording) is a recording of \(component), not of the component \(item) belongs to; "
        + "pass --other-component to link it anyway (the override is recorded)"
    case .unknownLink(let id):
      "link \(id): no such evidence link; `exhibit recordings show` lists a recording's links"
    case .alreadyRetracted(let id, let at):
      "link \(id) was already retracted at \(at); a link is retracted once"
    case .emptyReason:
      "say why the link is retracted (a reason is required, `--reason` on the command line)"
    case .observationWithoutNote(let item):
      "an observation of \(item) rests on its note alone: say what you observed (--note); nothing was stored"
    case .observationWithoutPlatform(let item, let applies):
      "say which platform the observation of \(item) was made on (--platform \(applies.joined(separator: "|")) "
        + "or --os); nothing was stored"
    case .screenReaderNeeded(let item, let evidence, let section):
      (evidence.map { "\($0): the screenshot" } ?? "the observation")
        + " names no screen reader, and \(item) is a \(section) item, judged per screen reader: "
        + (evidence == nil
          ? "pass --screen-reader (voiceover, talkback, jaws, nvda)"
          : "set its screen reader with `exhibit recordings set \(evidence ?? "") --screen-reader NAME`")
        + "; nothing was stored"
    case .screenshotSegment(let screenshot):
      "\(screenshot) is a screenshot: it has no time, so link it whole (without --from and --to)"
    }
  }
}
