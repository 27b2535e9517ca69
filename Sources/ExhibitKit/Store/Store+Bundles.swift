import Foundation

// What the bundler, the verifier and the cataloguer take from a workspace, put together by the
// composer: they name the domain objects they use, never the Store.

extension EvidenceBundler {
  /// Exports one bundle of a workspace's component on a platform.
  /// - Throws: ``BundleError`` (an untrustworthy workspace among them), ``LookupError`` or
  ///   ``SQLiteError``; nothing is left at the target then.
  public static func export(_ request: BundleRequest, from store: Store) throws -> BundleResult {
    try export(request, from: store.operations)
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
  /// key of another folder (`verify --against-db`, and ``verifyBag(_:named:keyPath:requireSignature:)``).
  public func bagWorkspace(named name: String, keyPath: String) -> BagWorkspace {
    operations.bagWorkspace(named: name, keyPath: keyPath)
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
    try exportAudit(request, from: store.operations, progress: progress)
  }

}

extension Store {
  /// Exports one bundle of this workspace (``EvidenceBundleStorage``).
  /// - Throws: ``BundleError``, ``LookupError`` or ``SQLiteError``.
  public func exportBundle(_ request: BundleRequest) throws -> BundleResult {
    try EvidenceBundler.export(request, from: self)
  }

  /// Exports every bundle of an audit of this workspace (``EvidenceBundleStorage``).
  /// - Throws: ``AuditError`` or an error writing the index.
  public func exportAuditBundles(
    _ request: BundleRequest, progress: @escaping @Sendable (Int, Int, String) -> Void
  )
    throws -> EvidenceBundler.AuditExport
  {
    try EvidenceBundler.exportAudit(request, from: self, progress: progress)
  }

  /// Every check of ``verifyWorkspace()`` (``EvidenceBundleStorage``).
  /// - Throws: ``SQLiteError``.
  public func verifyCatalogue() throws -> AuditChainReport { try verifyWorkspace() }

  /// Checks a bag against this workspace under `name` and with the key at `keyPath`
  /// (``EvidenceBundleStorage``).
  /// - Throws: When the bag cannot be read at all, or ``SQLiteError``.
  public func verifyBag(_ path: String, named name: String, keyPath: String, requireSignature: Bool) throws
    -> BagReport
  {
    try BagVerifier.verify(
      path, against: bagWorkspace(named: name, keyPath: keyPath), requireSignature: requireSignature)
  }
}
