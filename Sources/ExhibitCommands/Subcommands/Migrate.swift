import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit migrate --media-to s3://bucket/prefix`: moves a workspace's evidence to the team's store.
struct Migrate: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate",
    abstract: "Move the workspace's recordings and caption files to the team's evidence store.",
    discussion: """
      Uploads every recording and caption file catalogued at a present path that the store does \
      not hold yet, each checked against its catalogued SHA-256, and records it as held; a second \
      run sends only what the first could not. Afterwards catalog, bundle and serve with --media \
      (or $EXHIBIT_MEDIA) set to the same store read the recordings from it. The bucket must \
      exist; the key comes from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or ~/.aws/credentials.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Option(name: .customLong("media-to"), help: "The evidence store, s3://bucket[/prefix].")
  var mediaTo: String

  func run() async throws {
    try await reportingFailures {
      guard !mediaTo.isEmpty else {
        throw ValidationError("--media-to takes s3://bucket or s3://bucket/prefix")
      }
      let upload = try await MediaOptions.withStorage(named: mediaTo) { storage in
        guard let storage else { throw ValidationError("--media-to takes s3://bucket or s3://bucket/prefix") }
        return try await global.openForReading().storeEvidence(in: storage)
      }
      for problem in upload.problems { Console.error(problem.description) }
      if output.json {
        try Console.json(upload)
      } else {
        Console.out("\(upload.stored) files stored in \(upload.location), \(upload.problems.count) failed")
      }
      if !upload.problems.isEmpty { throw ExitCode.failure }
    }
  }
}
