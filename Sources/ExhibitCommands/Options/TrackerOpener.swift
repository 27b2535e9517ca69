import ArgumentParser
import ExhibitKit
import Foundation

/// Where findings are filed: a tracker, the project on it, its API and the credential.
public struct TrackerDestination: Sendable {
  /// `github`.
  public let kind: String
  /// `OWNER/REPO` on GitHub.
  public let project: String
  /// The API's address (GitHub's, or an Enterprise server's).
  public let apiURL: String
  /// The token, from `--token-file` or `$GITHUB_TOKEN`; never printed.
  public let token: String
}

/// Opens the tracker a command names (`findings file --to`, `findings sync`): in `exhibit-team` the
/// client, in `exhibit` a hand-over to `exhibit-team`, which links the HTTP client.
public protocol TrackerOpener: Sendable {
  /// The tracker at `destination`.
  /// - Throws: ``TrackerError`` when it cannot be used.
  func open(_ destination: TrackerDestination) async throws -> any IssueTracker
}

/// The options that say how to reach GitHub: its API's address and the token.
struct TrackerOptions: ParsableArguments {
  @Option(help: "GitHub's API (default: https://api.github.com; GitHub Enterprise: https://HOST/api/v3).")
  var apiURL: String = "https://api.github.com"
  @Option(help: "A file holding the token (default: $GITHUB_TOKEN).")
  var tokenFile: String?

  /// The token: the file's first line, else `$GITHUB_TOKEN`.
  /// - Throws: ``ValidationError`` when there is none, naming where it was looked for.
  func token() throws -> String {
    if let tokenFile {
      guard let text = try? String(contentsOfFile: tokenFile, encoding: .utf8) else {
        throw ValidationError("\(tokenFile): the token file cannot be read")
      }
      let token =
        text.split(whereSeparator: \.isNewline).first.map(String.init)?
        .trimmingCharacters(in: .whitespaces) ?? ""
      guard !token.isEmpty else { throw ValidationError("\(tokenFile): the token file is empty") }
      return token
    }
    guard let token = ProcessInfo.processInfo.environment["GITHUB_TOKEN"], !token.isEmpty else {
      throw ValidationError("no token: set GITHUB_TOKEN or give --token-file")
    }
    return token
  }
}
