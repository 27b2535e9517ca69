import ExhibitKit

/// Opens the team's evidence store a command names (`--media`, `--media-to`, `$EXHIBIT_MEDIA`):
/// in `exhibit-team` the S3 bucket, in `exhibit` a hand-over to `exhibit-team`.
public protocol EvidenceStoreOpener: Sendable {
  /// The store `option` names, else the environment's (`option` nil); nil when none is named.
  /// Returns once the store is known to exist and to take the key.
  func open(option: String?) async throws -> OpenedEvidenceStore?
}

/// An evidence store open for one command, closed by it when done.
public struct OpenedEvidenceStore: Sendable {
  public let storage: any EvidenceStorage
  /// Closes the store's connections.
  public let close: @Sendable () async -> Void

  public init(storage: any EvidenceStorage, close: @escaping @Sendable () async -> Void) {
    self.storage = storage
    self.close = close
  }
}
