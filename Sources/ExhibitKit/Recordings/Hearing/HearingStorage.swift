/// Where what Exhibit heard is kept: the seam every SQL catalogue implements (``HearingOperations``
/// over its connection).
public protocol HearingStorage {
  /// The vocabulary this workspace's criteria and the screen readers' words make.
  /// - Throws: The backend's error.
  func listeningVocabulary() async throws -> ListeningVocabulary

  /// The recordings heard already, by id, with the SHA-256 of the vocabulary they were heard with.
  /// - Throws: The backend's error.
  func heardRecordings() async throws -> [Int64: String]

  /// Replaces what is kept as heard in the recording with row id `recording`.
  /// - Throws: The backend's error; nothing changes then.
  func storeHeard(_ track: HeardTrack, recording: Int64) async throws
}
