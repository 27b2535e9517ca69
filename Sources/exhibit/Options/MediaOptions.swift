import ArgumentParser
import ExhibitKit
import ExhibitObjectStore
import Foundation

/// The `--media` option of commands that store or read recordings' bytes: the team's evidence
/// store, an S3 bucket, else `$EXHIBIT_MEDIA`; without either, recordings stay at the paths they
/// were catalogued from.
struct MediaOptions: ParsableArguments {
  @Option(
    name: .customLong("media"),
    help: ArgumentHelp(
      "The team's evidence store, s3://bucket[/prefix] (default: $EXHIBIT_MEDIA; else none).",
      discussion: "The key is read from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or ~/.aws/credentials, "
        + "the region from AWS_REGION, a store other than AWS's from AWS_ENDPOINT_URL."))
  var location: String?

  /// ``withStorage(_:)`` for a synchronous command, waiting on the main thread.
  func withStorageWaiting<Result>(_ body: (EvidenceStorage?) throws -> Result) throws -> Result {
    guard let configuration = try configuration() else { return try body(nil) }
    let bucket = S3Bucket(configuration)
    defer { try? waitFor { await bucket.shutdown() } }
    try waitFor { try await bucket.checkAccess() }
    return try body(S3EvidenceStorage(bucket: bucket))
  }

  /// Runs `body` with the evidence store this invocation names (nil for none), once the bucket
  /// is known to exist and to accept the key; the store's connections are closed afterwards.
  func withStorage<Result: Sendable>(_ body: (EvidenceStorage?) async throws -> Result) async throws -> Result
  {
    guard let configuration = try configuration() else { return try await body(nil) }
    return try await S3Bucket.with(configuration) { bucket in
      try await bucket.checkAccess()
      return try await body(S3EvidenceStorage(bucket: bucket))
    }
  }

  /// The bucket's configuration, nil when no store is named.
  private func configuration() throws -> S3Configuration? {
    try EvidenceStoreSetting.configuration(option: location, environment: ProcessInfo.processInfo.environment)
  }
}
