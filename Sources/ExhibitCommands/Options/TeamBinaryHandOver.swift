import ExhibitKit
import Foundation

/// `exhibit`'s way to an evidence store or a catalogue on a database server: when a command names
/// one, the process becomes `exhibit-team` (installed beside it) with the same arguments, before
/// the command has done anything. `exhibit` itself links no network client, so its commands start
/// without one.
public struct TeamBinaryHandOver: EvidenceStoreOpener, CatalogueOpener, TrackerOpener {
  public init() {}

  public func open(option: String?) async throws -> OpenedEvidenceStore? {
    let named = option ?? ProcessInfo.processInfo.environment[EvidenceStorageSetting.environmentVariable]
    guard let named, !named.isEmpty else { return nil }
    try SiblingBinary(
      name: "exhibit-team",
      role: "commands with an evidence store (--media, $EXHIBIT_MEDIA) run in exhibit-team"
    ).become(Array(CommandLine.arguments.dropFirst()))
  }

  public func prepare() throws {
    try handOver()
  }

  public func initialize(url: String, grantingTo role: String?) async throws -> CatalogueInitialization {
    try handOver()
  }

  public func withCatalogue<Result: Sendable>(
    url: String, _ body: @Sendable (any CatalogueStorage) async throws -> Result
  ) async throws -> Result {
    try handOver()
  }

  public func open(_ destination: TrackerDestination) async throws -> any IssueTracker {
    try SiblingBinary(
      name: "exhibit-team",
      role: "filing findings to a tracker (findings file, findings sync) runs in exhibit-team"
    ).become(Array(CommandLine.arguments.dropFirst()))
  }

  private func handOver() throws -> Never {
    try SiblingBinary(
      name: "exhibit-team",
      role: "commands on a PostgreSQL catalogue (--db, $EXHIBIT_DB) run in exhibit-team"
    ).become(Array(CommandLine.arguments.dropFirst()))
  }
}
