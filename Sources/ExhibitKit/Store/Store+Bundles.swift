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
        component: request.component, platform: request.platform, date: date, tested: request.tested)
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
    BagWorkspace(path: path, auditTrail: auditTrail, components: components)
  }
}
