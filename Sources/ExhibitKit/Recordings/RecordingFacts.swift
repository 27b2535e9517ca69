import ExhibitStorage

/// What a recording is taken to be, as the audit trail records it whenever Exhibit sets it: the
/// attribution a verdict is read under (family, component, platform, screen reader, browser, OS
/// version), and the status and duration that decide which seconds can be evidence. A catalogue
/// event carries them; a change Exhibit makes later (attribution refreshed after an import, a
/// rename) is a `recording.attribute` event carrying the new ones. `exhibit verify` compares the
/// newest with the `recording` row.
struct RecordingFacts: Sendable, Equatable {
  // Fixed as schema 14 knew the table: its upgrade reads them before later columns exist.
  static let keys = [
    "family", "component", "platform", "assistive_tech", "browser", "os_version", "status", "duration_ms",
  ]

  var values: [String: String?]

  /// Reads the facts from a row selected with ``selection(as:)``.
  init(_ row: Row) {
    var values: [String: String?] = [:]
    for key in Self.keys { values[key] = row.string(key) }
    self.values = values
  }

  /// The facts an event's `after` object records, nil when it records none (it has no `status`).
  init?(event object: [String: Any]) {
    guard object["status"] is String else { return nil }
    var values: [String: String?] = [:]
    for key in Self.keys { values[key] = object[key] as? String }
    self.values = values
  }

  /// The fields to merge into an event's `after` object.
  var fields: [String: String?] { values }

  /// The facts that differ from `other`, by name.
  func differences(from other: RecordingFacts) -> [String] {
    Self.keys.filter { (values[$0] ?? nil) != (other.values[$0] ?? nil) }
  }

  /// `SELECT` list of the columns the facts come from, for a `recording` row aliased `alias`.
  static func selection(as alias: String) -> String {
    keys.map { $0 == "duration_ms" ? "CAST(\(alias).duration_ms AS TEXT) AS duration_ms" : "\(alias).\($0)" }
      .joined(separator: ", ")
  }
}
