import Foundation

extension Store {
  /// Proposes links an auditor would otherwise make by hand.
  ///
  /// The recordings of a component are those attributed to it; one its criteria document's
  /// Videos section names is the surest. Within them, each caption cue that says the role
  /// ("checkbox"), a state ("not checked", "dimmed") or the hint ("double tap to toggle") is
  /// proposed as evidence, at that cue's time, for the screen-reader item it speaks to. Items
  /// that do not apply to the recording's platform, and links that already exist for that
  /// item and time, are left out.
  ///
  /// - Parameter component: `family/slug`, or nil for every component with criteria.
  /// - Returns: The suggestions, by component, recording and time.
  /// - Throws: ``LookupError`` or ``SQLiteError``.
  public func suggestions(component: String? = nil) throws -> [Suggestion] {
    let components = try component.map { [$0] } ?? Set(criteriaDocuments().map(\.component)).sorted()
    var result: [Suggestion] = []
    for component in components {
      let criteria = try componentCriteria(component)
      let screenReaderItems = criteria.items.filter { $0.section == "screenreader" && !$0.notApplicable }
      func item(_ label: String) -> StoredCriteriaItem? {
        screenReaderItems.first { $0.key.hasSuffix("#screenreader.\(label)") }
      }
      guard item("role") != nil || item("state") != nil else { continue }
      let roleWords = CueEvidence.roleWords(
        component: component, roleExpectation: item("role")?.expectation ?? "")
      let parts = component.split(separator: "/").map(String.init)
      let recordings = try connection.query(
        """
        SELECT r.id, r.sha256, r.platform, r.component_source, r.duration_ms,
          \(Store.primaryPath) AS path
        FROM recording r WHERE r.family = ? AND r.component = ? AND r.status <> 'error' ORDER BY path
        """, [parts[0], parts[1]])
      for recording in recordings {
        guard let id = recording.int64("id"), let sha = recording.string("sha256"),
          let platform = recording.string("platform").flatMap(Platform.init(rawValue:))
        else { continue }
        let path = recording.string("path") ?? ""
        let named = recording.string("component_source") == AttributionSource.criteria.rawValue
        let base = named ? 0.9 : 0.75
        // Links already there, by item: an exact one is found at once, a longer one by overlap.
        var exact = Set<String>()
        var spans: [String: [(Int64?, Int64?)]] = [:]
        for row in try connection.query(
          """
          SELECT i.key, l.start_ms, l.end_ms FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
          WHERE l.recording_id = ? AND l.retracted_at IS NULL
          """, [id])
        {
          let key = row.string("key") ?? ""
          let from = row.int64("start_ms")
          let to = row.int64("end_ms")
          if let from, let to { exact.insert("\(key)|\(from)|\(to)") }
          spans[key, default: []].append((from, to))
        }
        let cues = try connection.query(
          """
          SELECT c.start_ms, c.end_ms, c.text, t.path AS caption FROM caption_cue c
          JOIN caption_track t ON t.id = c.track_id
          WHERE t.recording_id = ? ORDER BY c.start_ms, c.position
          """, [id])
        let duration = recording.int64("duration_ms") ?? Int64.max
        // A cue past the recording's end shows nothing of it.
        for cue in cues where (cue.int64("start_ms") ?? 0) < duration {
          let start = cue.int64("start_ms") ?? 0
          let end = min(cue.int64("end_ms") ?? start, duration)
          let text = cue.string("text") ?? ""
          var seen = Set<String>()
          for finding in CueEvidence.findings(in: text, roleWords: roleWords) {
            guard let target = item(finding.aspect.itemLabel), target.platforms.contains(platform),
              seen.insert(target.key).inserted
            else { continue }
            let covered =
              exact.contains("\(target.key)|\(start)|\(max(end, start + 1))")
              || (spans[target.key] ?? []).contains { from, to in
                guard let from, let to else { return true }
                return from < max(end, start + 1) && to > start
              }
            if covered { continue }
            let said =
              switch finding.aspect {
              case .role: "says the role \"\(finding.words)\""
              case .state: "says the state \"\(finding.words)\""
              case .hint: "gives the hint \"\(finding.words)\", which conveys the role"
              }
            let source =
              named
              ? "a recording the criteria's Videos section names" : "a recording attributed to \(component)"
            result.append(
              Suggestion(
                recording: path, recordingSha256: sha, item: target.key, fromSeconds: Double(start) / 1000,
                toSeconds: Double(max(end, start + 1)) / 1000,
                reason: String(
                  format: "the cue at %.2f s, \"%@\", %@ (%@)", Double(start) / 1000, text, said, source),
                confidence: finding.aspect == .hint ? base - 0.15 : base, captionFile: cue.string("caption")))
          }
        }
      }
    }
    return result
  }

  /// Records suggestions as `untested` links, for a person to judge; never as passes.
  ///
  /// One that cannot be linked (its cue lies outside the recording, say) is returned with its
  /// ``Suggestion/refusal``; the others are recorded all the same, in one transaction.
  /// - Returns: The suggestions with the links made or the refusals.
  /// - Throws: ``SQLiteError``; nothing is recorded then.
  public func accept(_ suggestions: [Suggestion], auditor: String) throws -> [Suggestion] {
    var items: [String: CurrentItem] = [:]
    return try connection.transaction {
      try suggestions.map { suggestion in
        var accepted = suggestion
        do {
          accepted.acceptedLink =
            try link(
              LinkRequest(
                recording: suggestion.recordingSha256, item: suggestion.item, verdict: .untested,
                from: suggestion.fromSeconds, to: suggestion.toSeconds, auditor: auditor,
                note: "suggested: \(suggestion.reason)"), items: &items
            ).id
        } catch let error as EvidenceError {
          accepted.refusal = "\(error)"
        }
        return accepted
      }
    }
  }
}
