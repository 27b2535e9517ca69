import ExhibitSQLite
import ExhibitStorage
import Foundation

extension SuggestionQueries {
  /// Proposes links an auditor would otherwise make by hand.
  ///
  /// The recordings of a component are those attributed to it; one its criteria document's
  /// Videos section names is the surest. Within them, each caption cue that says the role
  /// ("checkbox"), a state ("not checked", "dimmed") or the hint ("double tap to toggle") is
  /// proposed as evidence, at that cue's time, for the screen-reader item it speaks to. Items
  /// that do not apply to the recording's platform, and links that already exist for that
  /// item and time, are left out.
  ///
  /// - Parameters:
  ///   - component: The component, or nil for every component with criteria.
  ///   - audit: Only this audit's links count as existing; nil for every link.
  /// - Returns: The suggestions, by component, recording and time.
  /// - Throws: ``LookupError`` or the engine's error.
  func suggestions(component: ComponentID? = nil, audit: Int64? = nil) throws -> [Suggestion] {
    let components =
      try component.map { [$0] }
      ?? Set(criteria.criteriaDocuments().map(\.component)).sorted()
    var result: [Suggestion] = []
    for component in components {
      let criteria = try criteria.componentCriteria(component)
      let rules = SuggestionRules(component: component, items: criteria.items)
      guard rules.hasScreenReaderItems else { continue }
      let recordings = try connection.query(
        """
        SELECT r.id, r.sha256, r.platform, r.component_source, r.duration_ms,
          \(RecordingLibrary.primaryPath) AS path
        FROM recording r WHERE r.family = ? AND r.component = ? AND r.status <> 'error' ORDER BY path
        """, [component.family.rawValue, component.slug])
      for row in recordings {
        guard let sha: String = try row.decode("sha256"), let platform: Platform = try row.decode("platform")
        else {
          continue
        }
        let id: Int64 = try row.decode("id")
        let source: AttributionSource? = try row.decode("component_source")
        let recording = SuggestionRules.Recording(
          path: (try row.decode("path") as String?) ?? "", sha256: sha, platform: platform,
          namedByCriteria: source == .criteria, durationMilliseconds: try row.decode("duration_ms"))
        let existing = try EvidenceLinkRow.fetch(
          connection,
          where: "l.recording_id = ? AND l.retracted_at IS NULL AND (l.audit_id = ?2 OR ?2 IS NULL)",
          [id, audit]
        )
        .map {
          SuggestionRules.ExistingLink(
            item: $0.itemKey.description, start: $0.startMilliseconds, end: $0.endMilliseconds)
        }
        // A suggestion dismissed in the audit is not made again.
        let dismissed = try connection.query(
          """
          SELECT i.key, s.start_ms FROM suggestion_dismissal s JOIN criteria_item i ON i.id = s.item_id
          WHERE s.recording_id = ? AND (s.audit_id = ?2 OR ?2 IS NULL)
          """, [id, audit]
        ).map { row -> SuggestionRules.ExistingLink in
          let start: Int64? = try row.decode("start_ms")
          return SuggestionRules.ExistingLink(
            item: try row.decode("key"), start: start, end: start.map { $0 + 1 })
        }
        result += rules.suggestions(recording: recording, cues: try cues(id), existing: existing + dismissed)
      }
    }
    return result
  }

  /// A recording's caption cues; for a recording without any, the phrases Exhibit heard in it,
  /// with their confidence (captions, where there are some, are surer than hearing).
  private func cues(_ recording: Int64) throws -> [SuggestionRules.Cue] {
    let captions = try connection.query(
      """
      SELECT c.start_ms, c.end_ms, c.text, t.path AS caption FROM caption_cue c
      JOIN caption_track t ON t.id = c.track_id
      WHERE t.recording_id = ? ORDER BY c.start_ms, c.position
      """, [recording]
    ).map {
      SuggestionRules.Cue(
        start: try $0.decode("start_ms"), end: try $0.decode("end_ms"), text: try $0.decode("text"),
        captionFile: try $0.decode("caption"))
    }
    guard captions.isEmpty else { return captions }
    return try connection.query(
      "SELECT start_ms, end_ms, text, confidence FROM heard_phrase WHERE recording_id = ? ORDER BY start_ms, id",
      [recording]
    ).map {
      SuggestionRules.Cue(
        start: try $0.decode("start_ms"), end: try $0.decode("end_ms"), text: try $0.decode("text"),
        captionFile: nil, heardConfidence: try $0.decode("confidence"))
    }
  }

  /// Records suggestions as `untested` links, for a person to judge; never as passes.
  ///
  /// One that cannot be linked (its cue lies outside the recording, say) is returned with its
  /// ``Suggestion/refusal``; the others are recorded all the same, in one transaction.
  /// - Returns: The suggestions with the links made or the refusals.
  /// - Throws: The engine's error; nothing is recorded then.
  func accept(_ suggestions: [Suggestion], auditor: String, audit: String? = nil) throws -> [Suggestion] {
    var items: [String: CurrentItem] = [:]
    return try connection.transaction {
      try suggestions.map { suggestion in
        var accepted = suggestion
        do {
          accepted.acceptedLink =
            try ledger.link(
              LinkRequest(
                recording: suggestion.recording.sha256, item: suggestion.item.description, verdict: .untested,
                from: suggestion.fromSeconds, to: suggestion.toSeconds, auditor: auditor,
                note: "suggested: \(suggestion.reason)", audit: audit), items: &items
            ).id
        } catch let error as EvidenceError {
          accepted.refusal = "\(error)"
        }
        return accepted
      }
    }
  }
}

/// Finds cues that suggest links, and records the suggestions an auditor accepts.
struct SuggestionQueries {
  /// Criteria documents and items.
  private var criteria: CriteriaLibrary { CriteriaLibrary(connection: connection) }
  /// Evidence links.
  var ledger: EvidenceLedger { EvidenceLedger(connection: connection) }
  /// The workspace database.
  let connection: any CatalogueSQL
}
