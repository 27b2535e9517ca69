import ArgumentParser
import ExhibitKit
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
    let location = self.location
    guard let opened = try waitFor({ try await Exhibit.opener.open(option: location) }) else {
      return try body(nil)
    }
    defer { try? waitFor { await opened.close() } }
    return try body(opened.storage)
  }

  /// Runs `body` with the evidence store this invocation names (nil for none), once it is known
  /// to exist and to accept the key; the store's connections are closed afterwards.
  func withStorage<Result: Sendable>(_ body: (EvidenceStorage?) async throws -> Result) async throws -> Result
  {
    try await Self.withStorage(named: location, body)
  }

  /// ``withStorage(_:)`` for the store `option` names (nil: the environment's).
  static func withStorage<Result: Sendable>(
    named option: String?, _ body: (EvidenceStorage?) async throws -> Result
  ) async throws -> Result {
    guard let opened = try await Exhibit.opener.open(option: option) else { return try await body(nil) }
    do {
      let result = try await body(opened.storage)
      await opened.close()
      return result
    } catch {
      await opened.close()
      throw error
    }
  }
}
