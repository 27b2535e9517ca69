import ExhibitSQLite
import ExhibitStorage

extension CatalogueWriter {
  /// Sets what an auditor knows of a recording by hand: each field given replaces the inferred
  /// one with the source `hand`, which no later catalogue or import overwrites. One
  /// `recording.attribute` event records the recording's facts before and after and which
  /// fields were set by hand.
  ///
  /// - Parameters:
  ///   - recordingID: The recording's row.
  ///   - correction: The fields to set.
  ///   - component: The correction's component, already resolved.
  ///   - actor: Who sets them, for the audit trail.
  /// - Throws: ``RecordingCorrectionError`` or ``RecordingLookupError``, with nothing written;
  ///   the engine's error.
  func setByHand(
    recordingID: Int64, _ correction: RecordingCorrection, component: ComponentID?, actor: String
  ) throws {
    guard !correction.isEmpty else { throw RecordingCorrectionError.nothingToSet }
    for (field, text) in [("--os-version", correction.osVersion), ("--device", correction.device)] {
      guard let text else { continue }
      if text.trimmingWhitespace.isEmpty {
        throw RecordingCorrectionError.badText(field: field, reason: "is empty")
      }
      if text.count > RecordingCorrection.maximumTextLength {
        throw RecordingCorrectionError.badText(
          field: field, reason: "longer than \(RecordingCorrection.maximumTextLength) characters")
      }
      if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
        throw RecordingCorrectionError.badText(field: field, reason: "holds control characters")
      }
    }
    try connection.transaction {
      guard let row = try connection.fetchOne(RecordingRow.self, "WHERE id = ?", [recordingID]),
        let sha = row.sha256, let before = try recordingFacts(recordingID)
      else { throw RecordingLookupError.notFound("recording \(recordingID)") }
      let family = component?.family ?? row.attribution.family.flatMap { Family(rawValue: $0.value) }
      let platform = correction.platform ?? row.attribution.platform.flatMap { Platform(rawValue: $0.value) }
      if let family, let platform, !Platform.defaults(for: family).contains(platform) {
        throw RecordingCorrectionError.platformOutsideFamily(platform: platform, family: family)
      }
      var columns: [(name: String, value: String)] = []
      if let component {
        columns += [("family", component.family.rawValue), ("component", component.slug)]
      }
      if let value = correction.platform?.rawValue { columns.append(("platform", value)) }
      if let value = correction.assistiveTech?.rawValue { columns.append(("assistive_tech", value)) }
      if let value = correction.browser?.rawValue { columns.append(("browser", value)) }
      if let value = correction.osVersion?.trimmingWhitespace { columns.append(("os_version", value)) }
      if let value = correction.device?.trimmingWhitespace { columns.append(("device", value)) }
      let assignments = columns.map { "\($0.name) = ?, \($0.name)_source = 'hand'" }.joined(separator: ", ")
      try connection.execute(
        "UPDATE recording SET \(assignments) WHERE id = ?",
        columns.map { $0.value as any SQLBindable } + [recordingID])
      guard let after = try recordingFacts(recordingID) else { return }
      var fields = after.fields
      fields["hand_set"] = columns.map(\.name).filter { $0 != "family" }.joined(separator: ",")
      if let device = correction.device { fields["device"] = device }
      try connection.appendAudit(
        actor: actor, action: "recording.attribute", subject: "recording:\(sha)",
        before: AuditJSON.object(before.fields), after: AuditJSON.object(fields))
    }
  }
}

extension CatalogueWriter {
  /// Sets fields of the recording `reference` names by hand in the catalogue `sql` reaches
  /// (``setByHand(recordingID:_:component:actor:)``).
  /// - Returns: The recording's row id.
  /// - Throws: As ``setByHand(recordingID:_:component:actor:)``, or ``RecordingLookupError``.
  package static func setByHand(
    in sql: any CatalogueSQL, _ reference: String, _ correction: RecordingCorrection, component: ComponentID?,
    actor: String, currentDirectory: String
  ) throws -> Int64 {
    let id = try RecordingLibrary(connection: sql).resolveRecording(
      reference, currentDirectory: currentDirectory)
    try CatalogueWriter(connection: sql).setByHand(
      recordingID: id, correction, component: component, actor: actor)
    return id
  }
}
