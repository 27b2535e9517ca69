import ExhibitModel

extension ListeningVocabulary {
  /// Which recordings to hear with this vocabulary: a listen after a criteria import hears again
  /// what may now be heard differently.
  /// - Parameters:
  ///   - recordings: The catalogue's recordings.
  ///   - heard: The recordings heard already, by id, each with its vocabulary's SHA-256.
  /// - Returns: Those with sound that could be catalogued, not heard yet or heard with another
  ///   vocabulary (new criteria, another threshold rule).
  public func recordingsToHear(_ recordings: [RecordingSummary], heard: [Int64: String]) -> [RecordingSummary]
  {
    let current = sha256
    return recordings.filter { $0.status != .error && $0.audioCodec != nil && heard[$0.id] != current }
  }
}
