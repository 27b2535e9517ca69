/// The developers' tracker findings are filed to, as the commands use it; ExhibitTrackers has the
/// clients (GitHub's REST API), which only `exhibit-team` links.
public protocol IssueTracker: Sendable {
  /// How messages name it: `github:OWNER/REPO`.
  var name: String { get }

  /// The issue of a finding already on the tracker, found by the marker in its body
  /// (``TrackerIssue/marker(_:)``), when a filing stopped before its key was stored.
  /// - Throws: ``TrackerError``.
  func existing(_ reference: String) async throws -> FindingTracker?

  /// Files a new issue.
  /// - Returns: Where it is.
  /// - Throws: ``TrackerError``.
  func create(_ issue: TrackerIssue) async throws -> FindingTracker

  /// Replaces an issue's title, body and labels with the finding's as they are now.
  /// - Throws: ``TrackerError``.
  func update(_ tracker: FindingTracker, with issue: TrackerIssue) async throws

  /// Adds a comment to an issue.
  /// - Throws: ``TrackerError``.
  func comment(on tracker: FindingTracker, _ text: String) async throws

  /// Attaches a PNG image (a finding's still frame) to an issue; a tracker without attachments
  /// (GitHub's issues API) does nothing.
  /// - Throws: ``TrackerError``.
  func attach(png: [UInt8], named name: String, to tracker: FindingTracker) async throws

  /// Whether an issue is closed.
  /// - Throws: ``TrackerError``.
  func isClosed(_ tracker: FindingTracker) async throws -> Bool

  /// Closes the client's connections.
  func shutdown() async
}

/// A tracker refused or could not be reached: the tracker and the finding, never the token.
public struct TrackerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `github:OWNER/REPO`.
  public let tracker: String
  /// The finding it was about, when one was.
  public let finding: String?
  /// What went wrong.
  public let reason: String

  /// An error.
  public init(tracker: String, finding: String?, reason: String) {
    self.tracker = tracker
    self.finding = finding
    self.reason = reason
  }

  public var description: String { "\(tracker)" + (finding.map { ": \($0)" } ?? "") + ": \(reason)" }
}
