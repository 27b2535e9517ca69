/// Everything a reviewer reads about one component: its criteria with the coverage matrix, and
/// each recording with what was said in it and the live verdicts on it, auditors' notes included.
/// Built by ``Store/reviewerPage(component:platform:)``; `exhibit show` prints it.
public struct ReviewerPage: Sendable, Equatable, Encodable {
  /// A recording of the component with its transcript and live verdicts.
  public struct Recording: Sendable, Equatable, Encodable {
    public let recording: RecordingSummary
    /// Every caption cue, in order.
    public let cues: [RecordingDetail.CaptionTrack.Cue]
    /// Live (not retracted) links, with their notes.
    public let links: [RecordingDetail.Link]
  }

  /// `family/slug`.
  public let component: ComponentID
  public let title: String
  public let revision: Int
  public let platform: Platform?
  public let coverage: Coverage
  public let recordings: [Recording]
}
