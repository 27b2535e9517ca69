import ExhibitModel
import ExhibitSQLite
import ExhibitStorage
import Foundation

extension SuggestionQueries {
  /// What waits for an auditor's decision in an audit: the suggestions, and the suggestions
  /// accepted earlier as `untested` links that nobody judged yet (each with its link as
  /// ``Suggestion/acceptedLink``).
  /// - Throws: ``LookupError`` or ``SQLiteError``.
  func pending(component: ComponentID? = nil, audit: Int64?) throws -> [Suggestion] {
    let waiting = try suggestions(component: component, audit: audit)
    var condition = "l.verdict = 'untested' AND l.retracted_at IS NULL AND l.recording_id IS NOT NULL"
    var values: [any SQLBindable] = []
    if let audit {
      condition += " AND l.audit_id = ?"
      values.append(audit)
    }
    if let component {
      condition += " AND d.family = ? AND d.component = ?"
      values += [component.family.rawValue, component.slug]
    }
    let untested = try EvidenceLinkRow.fetch(connection, where: condition, values).map { link in
      var suggestion = Suggestion(
        recording: link.recording, item: link.itemKey, fromSeconds: link.startSeconds,
        toSeconds: link.endSeconds,
        reason: link.note.isEmpty ? "accepted as untested, not judged yet" : link.note, confidence: 1)
      suggestion.acceptedLink = link.id
      return suggestion
    }
    return waiting + untested
  }

  /// Decides suggestions in one transaction: each becomes a link with the decision's verdict,
  /// judged by `auditor`, or is dismissed (recorded, audited, and no longer suggested in the
  /// audit). An untested link a suggestion was accepted as is retracted, its reason naming the
  /// decision, so the suggestion is not left behind as a second, undecided link.
  ///
  /// - Returns: Each suggestion with the link made (``Suggestion/acceptedLink``) or why it was
  ///   refused (``Suggestion/refusal``); the others are decided all the same.
  /// - Throws: ``AuditError`` (a closed audit) or ``SQLiteError``; nothing is stored then.
  func decide(
    _ suggestions: [Suggestion], decision: SuggestionDecision, auditor: String, note: String = "",
    audit: String? = nil
  ) throws -> [Suggestion] {
    var items: [String: CurrentItem] = [:]
    return try connection.transaction {
      let round = try AuditRegistry(connection: connection).forWriting(audit, actor: auditor)
      return try suggestions.map { suggestion in
        var decided = suggestion
        do {
          if let untested = suggestion.acceptedLink {
            _ = try ledger.unlink(
              untested, reason: "decided: \(decision.rawValue)", actor: auditor, audit: String(round.id))
          }
          if let verdict = decision.verdict {
            decided.acceptedLink =
              try ledger.link(
                LinkRequest(
                  recording: suggestion.recording.sha256, item: suggestion.item.description, verdict: verdict,
                  from: suggestion.fromSeconds, to: suggestion.toSeconds, auditor: auditor, note: note,
                  audit: String(round.id)), items: &items
              ).id
          } else {
            try dismiss(suggestion, auditor: auditor, reason: note, audit: round.id)
            decided.acceptedLink = nil
          }
        } catch let error as EvidenceError {
          decided.refusal = "\(error)"
        }
        return decided
      }
    }
  }

  /// Records that a suggestion is no evidence for its item in `audit`, with its audit event.
  private func dismiss(_ suggestion: Suggestion, auditor: String, reason: String, audit: Int64) throws {
    let item = try ledger.currentItem(suggestion.item.description)
    guard
      let recording = try connection.first(
        "SELECT id FROM recording WHERE sha256 = ?", [suggestion.recording.sha256])
    else { throw RecordingLookupError.notFound(suggestion.recording.sha256) }
    let start = suggestion.fromSeconds.map { Int64(($0 * 1000).rounded()) }
    let recordingID: Int64 = try recording.decode("id")
    if try connection.first(
      "SELECT 1 AS found FROM suggestion_dismissal WHERE audit_id = ? AND recording_id = ? AND item_id = ? AND start_ms IS NOT DISTINCT FROM ?",
      [audit, recordingID, item.id, start]) != nil
    {
      return
    }
    try connection.appendAuditEvent(
      AuditEntry(
        actor: auditor, action: "suggestion.dismiss",
        subject: "recording:\(suggestion.recording.sha256)",
        after: AuditJSON.object([
          "item": item.key, "from": suggestion.fromSeconds.map { String($0) }, "audit": String(audit),
          "reason": reason.isEmpty ? nil : reason,
        ])))
    try connection.execute(
      """
      INSERT INTO suggestion_dismissal (audit_id, recording_id, item_id, start_ms, dismissed_by, dismissed_at, reason)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """, [audit, recordingID, item.id, start, auditor, Timestamp.string(Date()), reason])
  }
}
