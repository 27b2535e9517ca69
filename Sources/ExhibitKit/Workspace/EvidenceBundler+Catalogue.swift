import Foundation

// The bundler on a catalogue of either engine, through the composer's operations on one
// connection: its checks and contents read by the same code on SQLite and PostgreSQL.

extension EvidenceBundler {
  /// Exports one bundle of a component on a platform from the catalogue `operations` reads.
  /// - Parameters:
  ///   - request: What to bundle.
  ///   - operations: The catalogue.
  ///   - trail: The audit trail's check, when the caller read it in the same snapshot.
  /// - Returns: What was written.
  /// - Throws: ``BundleError`` (an untrustworthy catalogue among them), ``LookupError`` or the
  ///   engine's error; nothing is left at the target then.
  static func export(
    _ request: BundleRequest, from operations: CatalogueOperations, trail: TrailCheck? = nil
  ) throws -> BundleResult {
    try export(request) { date in
      let component = try operations.resolveComponent(request.component)
      // A broken audit chain, or tables that disagree with it, vouch for nothing.
      try operations.checkBeforeBundling(component, trail: trail)
      return try operations.bundleContents(
        component: component, platform: request.platform, date: date, tested: request.tested,
        audit: request.audit)
    }
  }

  /// Exports every component and platform in an audit's scope from the catalogue `operations`
  /// reads, one bag or zip each, then an index page (``exportAudit(_:from:progress:)``). Every bag
  /// is read from one snapshot, so the audit trail is walked and replayed once for all of them.
  static func exportAudit(
    _ request: BundleRequest, from operations: CatalogueOperations,
    progress: (Int, Int, String) -> Void = { _, _, _ in }
  ) throws -> AuditExport {
    try operations.sql.reading { try exportAuditInSnapshot(request, from: operations, progress: progress) }
  }

  /// ``exportAudit(_:from:progress:)`` inside its snapshot.
  private static func exportAuditInSnapshot(
    _ request: BundleRequest, from operations: CatalogueOperations, progress: (Int, Int, String) -> Void
  ) throws -> AuditExport {
    let scope = try AuditOperations(sql: operations.sql).auditProgress(request.audit)
    let trail = try operations.trailCheck()
    let audit = scope.audit
    let pairs = scope.rows.flatMap { row in
      Platform.allCases.filter { platform in
        scope.columns.indices.contains { scope.columns[$0].platform == platform && row.cells[$0] != nil }
      }.map { (row.component, $0) }
    }
    var bundles: [AuditBundleIndex.Entry] = []
    var failures: [String] = []
    for (index, (component, platform)) in pairs.enumerated() {
      progress(index + 1, pairs.count, "\(component) \(platform.rawValue)")
      var one = request
      one.component = component.description
      one.platform = platform
      one.audit = String(audit.id)
      do {
        bundles.append(
          .init(
            component: component, platform: platform, result: try export(one, from: operations, trail: trail))
        )
      } catch {
        failures.append("\(component) on \(platform.rawValue): \(error)")
      }
    }
    let date = request.date ?? String(Timestamp.string(Date()).prefix(10))
    let index = (request.outFolder as NSString).appendingPathComponent("audit-\(audit.id)-index.html")
    try Data(
      AuditBundleIndex.render(audit: audit, entries: bundles, date: date, folder: request.outFolder).utf8
    )
    .write(to: URL(fileURLWithPath: index), options: .atomic)
    return AuditExport(audit: audit, bundles: bundles, failures: failures, index: index)
  }
}
