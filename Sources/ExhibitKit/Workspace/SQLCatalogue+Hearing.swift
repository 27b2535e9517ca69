// What Exhibit heard, in every SQL catalogue (``HearingStorage``), through the operations on a
// connection the engine lends.

extension SQLCatalogue {
  /// The workspace's listening vocabulary (`HearingStorage`).
  public func listeningVocabulary() async throws -> ListeningVocabulary {
    try await withOperations { try HearingOperations(sql: $0.sql).vocabulary() }
  }

  /// The recordings heard already (`HearingStorage`).
  public func heardRecordings() async throws -> [Int64: String] {
    try await withOperations { operations in
      try operations.sql.reading { try HearingOperations(sql: operations.sql).heardRecordings() }
    }
  }

  /// Stores what was heard in one recording (`HearingStorage`).
  public func storeHeard(_ track: HeardTrack, recording: Int64) async throws {
    try await withOperations { try HearingOperations(sql: $0.sql).store(track, recording: recording) }
  }
}
