import ExhibitKit

/// What the recording page shows: everything stored about the recording, the items an auditor
/// may judge it against, and the suggestions that point into it.
struct RecordingPageData: Sendable {
  let sha256: String
  let detail: RecordingDetail
  /// The component the recording is attributed to, when it is.
  let component: ComponentID?
  /// The component's current items, every platform's.
  let items: [StoredCriteriaItem]
  let suggestions: [Suggestion]
  /// Whether a file with the recording's bytes is on disk to play.
  let playable: Bool
  /// Every component with criteria, for the attribution form.
  var componentChoices: [String] = []

  /// The recording's platform, when known.
  var platform: Platform? { detail.recording.platform.flatMap(Platform.init(rawValue:)) }

  /// Reads the page of the recording with this full SHA-256.
  /// - Throws: ``WebError`` (404) for an unknown SHA-256, or ``SQLiteError``.
  static func read(sha256: String, audit: String?, from store: any CatalogueStorage) async throws
    -> RecordingPageData
  {
    guard RecordingPageData.isSHA256(sha256) else {
      throw WebError.notFound("\(sha256) is not the SHA-256 of a recording (64 lowercase hex digits)")
    }
    let detail: RecordingDetail
    do {
      detail = try await store.recordingDetail(sha256: sha256, audit: audit)
    } catch is RecordingLookupError {
      throw WebError.notFound("no recording has the SHA-256 \(sha256)")
    }
    let component = detail.recording.component.flatMap(ComponentID.init)
    var items: [StoredCriteriaItem] = []
    var suggestions: [Suggestion] = []
    if let component {
      do {
        items = try await store.componentCriteria(component, platform: nil).items
        suggestions = try await store.pendingSuggestions(component: component, audit: audit).filter {
          $0.recording.sha256 == sha256
        }
      } catch is LookupError {
        // Attributed to a component whose criteria are not imported: nothing to judge against yet.
      }
    }
    let playable = try await store.mediaFile(sha256: sha256) != nil
    let documents = try await store.criteriaDocuments(component: nil, platform: nil)
    return RecordingPageData(
      sha256: sha256, detail: detail, component: component, items: items, suggestions: suggestions,
      playable: playable, componentChoices: Array(Set(documents.map(\.component.description))).sorted())
  }

  /// Whether text is a full SHA-256 in lowercase hex.
  static func isSHA256(_ text: String) -> Bool {
    text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
