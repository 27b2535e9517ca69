extension BundleContents {
  /// Points every recording and caption at the local copy `localCopy` makes of it (fetched from
  /// the workspace's evidence store), instead of the path it was catalogued at.
  ///
  /// - Throws: ``BundleError/io(path:reason:)`` naming the catalogued file when a copy cannot be
  ///   made (the store lacks it, or its bytes are not the catalogued ones): the bundle is refused.
  mutating func readLocalCopies(from localCopy: BundleRequest.LocalCopy) throws {
    for index in recordings.indices {
      let recording = recordings[index]
      recordings[index].source = try copy(
        recording.sha256, .recording, size: recording.size, of: recording.source, localCopy)
      for caption in recording.captions.indices {
        let (sha256, path) = (recording.captions[caption].sha256, recording.captions[caption].source)
        recordings[index].captions[caption].source = try copy(
          sha256, .caption, size: nil, of: path, localCopy)
      }
    }
  }

  private func copy(
    _ sha256: String, _ kind: StoredObjectKind, size: Int64?, of path: String,
    _ localCopy: BundleRequest.LocalCopy
  ) throws -> String {
    do {
      return try localCopy(sha256, kind, size)
    } catch {
      throw BundleError.io(path: path, reason: "not readable from the evidence store: \(error)")
    }
  }
}
