/// Bundles and their checks as commands ask for them, on either engine: ``Store`` on a SQLite
/// workspace, every ``SQLCatalogue`` on the connections its engine lends. A bundle is made, and a
/// catalogue or a bag checked, from one read snapshot of the catalogue, copying nothing first.
public protocol EvidenceBundleStorage {
  /// Exports one bundle of a component on a platform, once the audit chain and the component's
  /// rows are found to agree (``EvidenceBundler``).
  /// - Returns: What was written.
  /// - Throws: ``BundleError``, ``LookupError``, ``AuditError`` or the engine's error; nothing is
  ///   left at the target then.
  func exportBundle(_ request: BundleRequest) async throws -> BundleResult

  /// Exports every component and platform of an audit, one bag or zip each, then an index page.
  /// - Parameters:
  ///   - request: The options every bag shares.
  ///   - progress: Told before each bag: its number, how many there are, and what it is.
  /// - Returns: The bags made, the ones that could not be, and the index page's path.
  /// - Throws: ``AuditError`` for an unknown audit, or an error writing the index.
  func exportAuditBundles(_ request: BundleRequest, progress: @escaping @Sendable (Int, Int, String) -> Void)
    async throws -> EvidenceBundler.AuditExport

  /// Checks the whole catalogue: the audit chain, the subjects' index, that the tables hold what
  /// the trail records, and the engine's own checks of its storage.
  /// - Returns: The chain's report with every problem found.
  /// - Throws: The engine's error.
  func verifyCatalogue() async throws -> AuditChainReport

  /// Checks the bag at `path` against this catalogue (``BagVerifier``).
  /// - Parameters:
  ///   - path: A bag folder or a zip of one.
  ///   - name: The catalogue's name in problems: its path, or a URL without its password.
  ///   - keyPath: The key its bags are signed with.
  ///   - requireSignature: Whether an unsigned bag fails.
  /// - Returns: Every check and problem.
  /// - Throws: When the bag cannot be read at all, or the engine's error.
  func verifyBag(_ path: String, named name: String, keyPath: String, requireSignature: Bool) async throws
    -> BagReport
}
