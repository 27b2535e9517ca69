import ExhibitStorage
import Foundation

/// A caption track as stored.
struct StoredCaptionTrack: Sendable {
  var id: Int64
  var recordingID: Int64
  var size: Int64
  var modifiedNanoseconds: Int64
}
