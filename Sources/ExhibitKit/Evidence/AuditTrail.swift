import ExhibitSQLite
import ExhibitStorage
import Foundation

/// Reads the audit trail: every event, or the events about one subject, found through the
/// `audit_subject` index.
struct AuditTrail {
  /// Component names and aliases.
  private var components: ComponentDirectory { ComponentDirectory(connection: connection) }
  /// Catalogued recordings.
  private var recordings: RecordingLibrary { RecordingLibrary(connection: connection) }
  /// The workspace database.
  let connection: any CatalogueSQL

  /// Audit events, oldest first: all of them, or those about a component, a recording or an item.
  ///
  /// - Parameters:
  ///   - subject: A component (`native/checkbox` or a bare slug), a recording (path or SHA-256
  ///     prefix), an item key (`native/checkbox#screenreader.role`), `audit:ID` or `product:ID`;
  ///     nil for all.
  ///   - audit: Leave out the link events of every other audit.
  /// - Returns: The matching events. Events from before a rename name the component, and its
  ///   items, by the old name; they are found under every name the component had.
  /// - Throws: ``LookupError``, ``RecordingLookupError``, the engine's error or ``RowDecodingError``.
  func history(_ subject: String? = nil, audit: Int64? = nil) throws -> [AuditEvent] {
    let events = try history(subject)
    guard let audit else { return events }
    // Link events of other audits are left out; everything else (criteria, recordings) stays.
    let own = Set(
      try connection.query("SELECT 'link:' || id AS subject FROM evidence_link WHERE audit_id = ?", [audit])
        .map {
          try $0.decode("subject") as String
        })
    return events.filter { event in
      if event.subject.hasPrefix("link:") { return own.contains(event.subject) }
      if event.subject.hasPrefix("audit:") { return event.subject == "audit:\(audit)" }
      return true
    }
  }

  /// ``history(_:audit:)`` of every audit.
  private func history(_ subject: String?) throws -> [AuditEvent] {
    guard let subject else { return try connection.fetch(AuditEventRow.self, "ORDER BY id").map(\.event) }
    if subject.hasPrefix("audit:") || subject.hasPrefix("product:") {
      var subjects = [subject]
      if let id = Int64(subject.dropFirst(6)), subject.hasPrefix("audit:") {
        subjects += try connection.query(
          "SELECT 'link:' || id AS subject FROM evidence_link WHERE audit_id = ?", [id]
        ).map { try $0.decode("subject") as String }
      }
      return try events(touching: subjects)
    }
    // A finding: `F-12` or `finding:12`.
    let lowered = subject.lowercased()
    if lowered.hasPrefix("finding:") || lowered.hasPrefix("f-"),
      let id = Int64(subject.drop { $0 != ":" && $0 != "-" }.dropFirst())
    {
      return try events(touching: ["finding:\(id)"])
    }
    if subject.contains("#") {
      // An item reference resolves as a component does: one match, or a refusal with the choices.
      let key = try components.resolveItemKey(subject)
      guard let parsed = ItemKey(key) else { return try events(touching: ["item:\(key)"]) }
      let names = try components.formerNames(of: parsed.component)
      return try events(touching: names.map { "item:\($0)#\(parsed.name)" })
    }
    // Not a recording's path or hash: a component's name, below. An ambiguous prefix, or a
    // database that cannot be read, is said as it is.
    var recording: Int64?
    do {
      recording = try recordings.resolveRecording(subject)
    } catch RecordingLookupError.notFound {
      recording = nil
    }
    if let id = recording,
      let sha: String = try connection.first("SELECT sha256 FROM recording WHERE id = ?", [id])?.decode(
        "sha256")
    {
      return try events(touching: ["recording:\(sha)", "linked-recording:\(sha)"])
    }
    let component = try components.resolve(subject)
    let recordings: [String] = try connection.query(
      "SELECT 'recording:' || sha256 AS subject FROM recording WHERE family = ? AND component = ? AND sha256 IS NOT NULL",
      [component.family.rawValue, component.slug]
    ).map { try $0.decode("subject") }
    let names = try components.formerNames(of: component)
    return try events(touching: names + names.map { "item-component:\($0)" } + recordings)
  }

  /// The events that touch any of `subjects` (``AuditSubjects``), oldest first.
  /// - Throws: The engine's error or ``RowDecodingError``.
  func events(touching subjects: [String]) throws -> [AuditEvent] {
    guard !subjects.isEmpty else { return [] }
    let placeholders = subjects.map { _ in "?" }.joined(separator: ", ")
    return try connection.fetch(
      AuditEventRow.self,
      "WHERE id IN (SELECT event_id FROM audit_subject WHERE subject IN (\(placeholders))) ORDER BY id",
      subjects
    ).map(\.event)
  }

  /// The events whose own subject is one of `subjects`, oldest first: what a bundle carries.
  /// - Throws: The engine's error or ``RowDecodingError``.
  func events(about subjects: [String]) throws -> [AuditEvent] {
    guard !subjects.isEmpty else { return [] }
    let placeholders = subjects.map { _ in "?" }.joined(separator: ", ")
    return try connection.fetch(
      AuditEventRow.self, "WHERE subject IN (\(placeholders)) ORDER BY id", subjects
    )
    .map(\.event)
  }

  /// The newest event's hash, or the genesis hash of an empty trail.
  /// - Throws: The engine's error or ``RowDecodingError``.
  func headHash() throws -> String {
    try connection.auditHeadHash()
  }

  /// Events whose indexed subjects are not what their content says: a row of `audit_subject`
  /// was added, or one is missing, outside Exhibit.
  /// - Throws: The engine's error or ``RowDecodingError``.
  func subjectIndexProblems() throws -> [AuditChainReport.Problem] {
    var indexed: [Int64: Set<String>] = [:]
    for row in try connection.query("SELECT subject, event_id FROM audit_subject") {
      indexed[try row.decode("event_id"), default: []].insert(try row.decode("subject"))
    }
    var problems: [AuditChainReport.Problem] = []
    for event in try connection.fetch(AuditEventRow.self, "ORDER BY id").map(\.event) {
      let expected = Set(AuditSubjects.of(subject: event.subject, before: event.before, after: event.after))
      if indexed.removeValue(forKey: event.id) != expected {
        problems.append(
          .init(
            path: "audit_subject:\(event.id)",
            problem: "the subjects indexed for the event are not what it records"))
      }
    }
    problems += indexed.keys.sorted().map {
      .init(path: "audit_subject:\($0)", problem: "subjects are indexed for an event that does not exist")
    }
    return problems
  }

  /// The stored hash of event `id`, or nil when the trail has none.
  /// - Throws: The engine's error.
  func eventHash(id: Int64) throws -> String? {
    try connection.first("SELECT hash FROM audit_event WHERE id = ?", [id])?.decode("hash")
  }

  /// `hash` when an event of the trail has it, or nil.
  /// - Throws: The engine's error.
  func eventHash(of hash: String) throws -> String? {
    try connection.first("SELECT hash FROM audit_event WHERE hash = ?", [hash])?.decode("hash")
  }
}
