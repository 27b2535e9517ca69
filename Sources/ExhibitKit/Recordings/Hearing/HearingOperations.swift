import ExhibitModel
import ExhibitStorage
import Foundation

/// What was heard, as every backend keeps it, over one connection (``CatalogueSQL``): the
/// vocabulary the workspace offers, each recording's results stored whole and read back.
package struct HearingOperations {
  /// The catalogue's database.
  let sql: any CatalogueSQL

  /// - Parameter sql: The connection every operation runs on.
  package init(sql: any CatalogueSQL) {
    self.sql = sql
  }

  /// The announcements the workspace's vocabulary is drawn from: its components' titles, the
  /// announcement examples of its criteria, and what its Gherkin steps and screen-reader items
  /// quote, from the latest revision of each document.
  /// - Throws: The backend's error.
  func vocabularySources() throws -> [String] {
    let latest = """
      SELECT d.id FROM criteria_document d WHERE d.revision = (SELECT max(o.revision) FROM criteria_document o
        WHERE o.family = d.family AND o.component = d.component AND o.format = d.format)
      """
    var texts: [String] = []
    for row in try sql.query(
      "SELECT DISTINCT title FROM criteria_document WHERE id IN (\(latest)) ORDER BY title")
    {
      texts.append(try row.decode("title"))
    }
    for row in try sql.query(
      "SELECT text FROM announcement_example WHERE document_id IN (\(latest)) ORDER BY document_id, position")
    {
      texts.append(try row.decode("text"))
    }
    let quoting = [
      """
      SELECT s.text FROM gherkin_step s JOIN gherkin_scenario c ON c.id = s.scenario_id
        WHERE c.document_id IN (\(latest)) ORDER BY c.document_id, c.position, s.position
      """,
      """
      SELECT expectation AS text FROM criteria_item WHERE section = 'screenreader' AND document_id IN (\(latest))
        ORDER BY document_id, position
      """,
    ]
    for query in quoting {
      for row in try sql.query(query) { texts += ListeningVocabulary.quotations(in: try row.decode("text")) }
    }
    return texts
  }

  /// The vocabulary of this workspace (``ListeningVocabulary/init(announcements:)``).
  /// - Throws: The backend's error.
  func vocabulary() throws -> ListeningVocabulary {
    try sql.reading { ListeningVocabulary(announcements: try vocabularySources()) }
  }

  /// The recordings heard already, by id, with the vocabulary they were heard with.
  /// - Throws: The backend's error.
  func heardRecordings() throws -> [Int64: String] {
    var heard: [Int64: String] = [:]
    for row in try sql.query("SELECT recording_id, vocabulary_sha256 FROM hearing") {
      heard[try row.decode("recording_id")] = try row.decode("vocabulary_sha256")
    }
    return heard
  }

  /// Replaces what is stored as heard in recording `id` with `track`, in one transaction.
  /// - Throws: The backend's error; nothing changes then.
  func store(_ track: HeardTrack, recording id: Int64, at date: Date = Date()) throws {
    try sql.transaction {
      try sql.execute("DELETE FROM hearing WHERE recording_id = ?", [id])
      try sql.execute(
        """
        INSERT INTO hearing (recording_id, model, vocabulary_sha256, phrases, audio_seconds, heard_at)
        VALUES (?, ?, ?, ?, ?, ?)
        """,
        [id, track.model, track.vocabularySHA256, track.phrases, track.audioSeconds, Timestamp.string(date)])
      for phrase in track.heard {
        try sql.execute(
          "INSERT INTO heard_phrase (recording_id, start_ms, end_ms, text, confidence) VALUES (?, ?, ?, ?, ?)",
          [
            id, Self.milliseconds(phrase.startSeconds), Self.milliseconds(phrase.endSeconds), phrase.text,
            min(1, max(0, phrase.confidence)),
          ])
      }
      for utterance in track.utterances {
        try sql.execute(
          "INSERT INTO utterance (recording_id, start_ms, end_ms) VALUES (?, ?, ?)",
          [id, Self.milliseconds(utterance.startSeconds), Self.milliseconds(utterance.endSeconds)])
      }
    }
  }

  /// What was heard in recording `id`, nil when it was not listened to.
  /// - Throws: The backend's error.
  func track(recording id: Int64) throws -> HeardTrack? {
    guard
      let row = try sql.first(
        "SELECT model, vocabulary_sha256, phrases, audio_seconds, heard_at FROM hearing WHERE recording_id = ?",
        [id])
    else { return nil }
    // Its phrases and utterances at once: on a database server, one wait for both.
    let answers = try sql.queries([
      SQLQuery(
        "SELECT start_ms, end_ms, text, confidence FROM heard_phrase WHERE recording_id = ? ORDER BY start_ms, id",
        [id]),
      SQLQuery("SELECT start_ms, end_ms FROM utterance WHERE recording_id = ? ORDER BY start_ms, id", [id]),
    ])
    let phrases = try answers[0].map { row in
      HeardTrack.HeardPhrase(
        startSeconds: Double(try row.decode("start_ms") as Int64) / 1000,
        endSeconds: Double(try row.decode("end_ms") as Int64) / 1000, text: try row.decode("text"),
        confidence: try row.decode("confidence"))
    }
    let utterances = try answers[1].map { row in
      HeardTrack.Utterance(
        startSeconds: Double(try row.decode("start_ms") as Int64) / 1000,
        endSeconds: Double(try row.decode("end_ms") as Int64) / 1000)
    }
    var track = HeardTrack(
      model: try row.decode("model"), vocabularySHA256: try row.decode("vocabulary_sha256"),
      phrases: Int(try row.decode("phrases") as Int64), audioSeconds: try row.decode("audio_seconds"),
      heard: phrases, utterances: utterances)
    track.heardAt = row.string("heard_at")
    return track
  }

  private static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }
}
