import Foundation

// What the bundler, the verifier and the cataloguer take from a workspace, put together by the
// composer: they name the domain objects they use, never the Store.

extension EvidenceBundler {
  /// Exports one bundle of a workspace's component on a platform.
  /// - Throws: ``BundleError`` (an untrustworthy workspace among them), ``LookupError`` or
  ///   ``SQLiteError``; nothing is left at the target then.
  public static func export(_ request: BundleRequest, from store: Store) throws -> BundleResult {
    try export(request) { date in
      // A broken audit chain, or tables that disagree with it, vouch for nothing.
      try store.checkBeforeBundling(try store.components.resolve(request.component))
      return try store.bundleContents(
        component: request.component, platform: request.platform, date: date, tested: request.tested,
        audit: request.audit)
    }
  }
}

extension Cataloguer {
  /// A cataloguer writing to a workspace.
  /// - Parameters:
  ///   - store: Where to catalogue.
  ///   - actor: Who catalogues, for the audit trail.
  public convenience init(store: Store, actor: String) {
    self.init(writer: store.catalogueWriter, actor: actor)
  }
}

extension Store {
  /// This workspace as a bag is checked against it: its audit trail and its components.
  public var bagWorkspace: BagWorkspace {
    bagWorkspace(named: path, keyPath: SigningKey.path(forDatabase: path))
  }

  /// This database as the workspace a bag is checked against, under another name and with the
  /// key of another folder: a snapshot of a catalogue on a server (``CatalogueSnapshot``) stands
  /// for that catalogue, with the key of the workspace folder bundles are made in.
  public func bagWorkspace(named name: String, keyPath: String) -> BagWorkspace {
    BagWorkspace(path: name, keyPath: keyPath, auditTrail: auditTrail, components: components)
  }
}

extension EvidenceBundler {
  /// What `bundle --all` made: a bag (or zip) per component and platform of an audit, and the index.
  public struct AuditExport: Sendable {
    public let audit: Audit
    public let bundles: [AuditBundleIndex.Entry]
    /// The component and platform that could not be bundled, with why.
    public let failures: [String]
    /// `audit-ID-index.html` in the output folder.
    public let index: String
  }

  /// Exports every component and platform in an audit's scope, one bag or zip each, then an
  /// index page. One that cannot be bundled is reported and the rest go on.
  ///
  /// - Parameters:
  ///   - request: The options every bag shares (its component and platform are set per bag).
  ///   - store: The workspace.
  ///   - progress: Told before each bag: its number, how many there are, and what it is.
  /// - Returns: The bags made, the ones that could not be, and the index page's path.
  /// - Throws: ``AuditError`` for an unknown audit, or an error writing the index.
  public static func exportAudit(
    _ request: BundleRequest, from store: Store, progress: (Int, Int, String) -> Void = { _, _, _ in }
  ) throws -> AuditExport {
    let scope = try store.auditProgress(request.audit)
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
        bundles.append(.init(component: component, platform: platform, result: try export(one, from: store)))
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
