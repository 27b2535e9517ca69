import ExhibitModel
import ExhibitStorage
import Foundation

/// Makes findings from their rows and every round of their product: the failing links behind each
/// (fresh verdicts, never carried ones), its still frame, its WCAG criteria from the mapping, and
/// for one finding, what it rests on.
struct FindingAssembly {
  let sql: any CatalogueSQL
  /// The product's name.
  let product: String

  /// The findings of `rows`, in their order.
  /// - Throws: The backend's error.
  func findings(_ rows: [FindingRow]) throws -> [Finding] {
    guard !rows.isEmpty else { return [] }
    return try findings(rows, in: try rounds(for: rows))
  }

  /// The findings of `rows` as `rounds` (their product's, from the earliest that found one) read them.
  private func findings(_ rows: [FindingRow], in rounds: [FindingRound]) throws -> [Finding] {
    let names = Dictionary(uniqueKeysWithValues: rounds.map { ($0.audit.id, $0.audit.name) })
    let mapping = WCAGMapping.defaults.with(overrides: try ConformanceLedger(connection: sql).overrides())
    return rows.map { row in
      let fails = Self.segments(of: row, in: rounds).filter { $0.segment.verdict == .fail }
      var seen = Set<Int64>()
      let links = fails.map(\.segment.link).filter { seen.insert($0).inserted }
      let filmed = fails.last { $0.segment.evidence == .recording }.map { latest in
        fails.first { $0.round == latest.round && $0.segment.evidence == .recording } ?? latest
      }
      let wcag = Set(
        row.columns.flatMap { column in
          mapping.rows(for: column.item).filter { $0.relation == .necessary }.map(\.criterion)
        }
      ).sorted { WCAGMapping.order($0) < WCAGMapping.order($1) }
      return Finding(
        id: row.id, title: row.title, severity: row.severity, status: row.status, reason: row.reason,
        statusBy: row.statusBy, mergedInto: row.mergedInto,
        columns: row.columns, wcag: wcag, links: links,
        frame: filmed.map {
          FindingFrame(
            sha256: $0.segment.recording.sha256, recording: $0.segment.recording.path,
            atSeconds: $0.segment.fromSeconds ?? 0, link: $0.segment.link)
        }, tracker: row.tracker, audit: row.audit, auditName: names[row.audit] ?? String(row.audit),
        statusRound: row.statusRound, createdAt: row.createdAt, updatedAt: row.updatedAt)
    }
  }

  /// One finding with its expectations, evidence and environment.
  /// - Throws: The backend's error.
  func detail(_ row: FindingRow) throws -> FindingDetail {
    try details([row])[0]
  }

  /// Each of `rows` with its expectations, evidence and environment, the product's rounds read
  /// once for all of them (a filing or an export of many findings).
  /// - Throws: The backend's error.
  func details(_ rows: [FindingRow]) throws -> [FindingDetail] {
    guard !rows.isEmpty else { return [] }
    let rounds = try self.rounds(for: rows)
    let findings = try self.findings(rows, in: rounds)
    return try zip(rows, findings).map { try detail($0, finding: $1, in: rounds) }
  }

  private func detail(_ row: FindingRow, finding: Finding, in rounds: [FindingRound]) throws -> FindingDetail
  {
    var expected: [FindingDetail.Expectation] = []
    for key in finding.items {
      guard
        let item = rounds.lazy.compactMap({ $0.criteria[key.component]?.items.first { $0.key == key } }).last
      else { continue }
      expected.append(.init(item: key.description, label: item.label, expectation: item.expectation))
    }
    let placed = Self.segments(of: row, in: rounds)
    let evidence = try placed.map { placed in
      let segment = placed.segment
      let recorded = segment.evidence == .observation ? nil : segment.recording
      return FindingDetail.Evidence(
        link: segment.link, audit: placed.round, item: placed.column.item.description,
        platform: placed.column.platform.rawValue, assistiveTech: placed.column.assistiveTech,
        verdict: segment.verdict, recording: recorded?.path, sha256: recorded?.sha256,
        startSeconds: segment.fromSeconds, endSeconds: segment.toSeconds, note: segment.note,
        auditor: segment.auditor, environment: segment.environment,
        captions: try recorded.map {
          try captions(of: $0.sha256, from: segment.fromSeconds, to: segment.toSeconds)
        }
          ?? [])
    }
    var environment: [String] = []
    for placed in placed where placed.segment.verdict == .fail {
      let tech = placed.column.assistiveTech.map { AssistiveTech(rawValue: $0)?.displayName ?? $0 }
      // The auditor's words, after the column's platform and screen reader unless they name them.
      var parts = [placed.column.platform.displayName] + (tech.map { [$0] } ?? [])
      for part in (placed.segment.environment ?? "").split(separator: ",") {
        let word = part.trimmingCharacters(in: .whitespaces)
        if !word.isEmpty, !parts.contains(where: { $0.caseInsensitiveCompare(word) == .orderedSame }) {
          parts.append(word)
        }
      }
      let line = parts.joined(separator: ", ")
      if !environment.contains(line) { environment.append(line) }
    }
    return FindingDetail(finding: finding, expected: expected, evidence: evidence, environment: environment)
  }

  /// A verdict of a finding's column, with the round it was judged in.
  private struct Placed {
    let round: Int64
    let column: FindingColumn
    let segment: Coverage.Segment
  }

  /// The fresh verdicts (carried ones are the earlier round's) of `row`'s columns, round by round.
  private static func segments(of row: FindingRow, in rounds: [FindingRound]) -> [Placed] {
    rounds.flatMap { round in
      row.columns.flatMap { column in
        (round.cells[column]?.segments ?? []).filter { $0.carriedFrom == nil }.map {
          Placed(round: round.audit.id, column: column, segment: $0)
        }
      }
    }
  }

  /// The product's rounds from the earliest that found one of `rows`, reading their components.
  private func rounds(for rows: [FindingRow]) throws -> [FindingRound] {
    let first = rows.map(\.audit).min() ?? 0
    let components = Set(rows.flatMap { $0.columns.map(\.item.component) })
    return try AuditRegistry(connection: sql).audits(product: product).filter { $0.id >= first }
      .sorted { $0.id < $1.id }.map { try FindingRound(audit: $0, components: components, sql: sql) }
  }

  /// What the captions of the recording say between two seconds (all of them without a segment).
  private func captions(of sha256: String, from: Double?, to: Double?) throws -> [String] {
    let start = Int64(((from ?? 0) * 1000).rounded())
    let end = to.map { Int64(($0 * 1000).rounded()) } ?? Int64.max
    return try sql.query(
      """
      SELECT c.text FROM caption_cue c JOIN caption_track t ON t.id = c.track_id
      JOIN recording r ON r.id = t.recording_id
      WHERE r.sha256 = ? AND c.end_ms > ? AND c.start_ms < ? ORDER BY c.start_ms, c.position
      """, [sha256, start, end]
    ).map { try $0.decode("text") }
  }
}
