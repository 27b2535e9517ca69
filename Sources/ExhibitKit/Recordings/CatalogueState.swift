import ExhibitStorage
import Foundation

/// What the catalogue knows before a run: every path and caption track.
struct CatalogueState: Sendable {
  var paths: [PathKey: StoredRecordingPath]
  var captions: [PathKey: StoredCaptionTrack]
}
