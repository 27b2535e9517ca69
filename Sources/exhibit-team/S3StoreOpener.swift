import ExhibitCommands
import ExhibitModel
import ExhibitObjectStore
import Foundation

/// Opens the S3 bucket `--media`, `--media-to` or `$EXHIBIT_MEDIA` names, after asking it whether
/// it exists and takes the key.
struct S3StoreOpener: EvidenceStoreOpener {
  func open(option: String?) async throws -> OpenedEvidenceStore? {
    guard
      let configuration = try EvidenceStorageSetting.configuration(
        option: option, environment: ProcessInfo.processInfo.environment)
    else { return nil }
    let bucket = S3Bucket(configuration)
    do {
      try await bucket.checkAccess()
    } catch {
      await bucket.shutdown()
      throw error
    }
    return OpenedEvidenceStore(storage: S3EvidenceStorage(bucket: bucket), close: { await bucket.shutdown() })
  }
}
