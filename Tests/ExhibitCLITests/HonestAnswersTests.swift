import Foundation
import Testing

/// The smaller answers an attacker's input used to get wrong: a stream cap named as such, links
/// reported rather than skipped in silence, a path that cannot be read counted as failed, and
/// passwords bcrypt would only partly read refused.
@Suite struct HonestAnswersTests {
  @Test func tooManyStreamsIsNamedAsTheCap() throws {
    let workspace = try CLIWorkspace.withMedia()
    try HostileMedia.make("many-streams", workspace.path("Media/odd/streams.webm"), 70)
    let result = try workspace.run("catalog")
    #expect(result.status == 1)
    #expect(result.stderr.contains("streams.webm: declares more than 64 streams"), "\(result.stderr)")
    #expect(!result.stderr.contains("Cannot allocate memory"))
  }

  @Test func linksAreReportedAndUnreadablePathsCountAsFailed() throws {
    let workspace = try CLIWorkspace.withMedia()
    try FileManager.default.createSymbolicLink(
      atPath: workspace.path("Media/linked"), withDestinationPath: workspace.path("Media/native"))
    let result = try workspace.run("catalog", "Media", "no-such-folder", "--json")
    #expect(result.status == 1)
    #expect(result.stderr.contains("Media/linked: a symbolic link, not followed"), "\(result.stderr)")
    let summary = try #require(try result.json() as? [String: Any])
    #expect(summary["failed"] as? Int == 1)
    let errors = summary["errors"] as? [[String: Any]] ?? []
    #expect(errors.contains { ($0["path"] as? String)?.hasSuffix("no-such-folder") == true })
  }

  @Test func passwordsBcryptWouldOnlyPartlyReadAreRefused() throws {
    let workspace = try CLIWorkspace()
    #expect(try workspace.run("init").status == 0)
    #expect(
      try workspace.addAccount("ada", role: "auditor", password: String(repeating: "a", count: 73)) != 0)
    #expect(try workspace.addAccount("bea", role: "auditor", password: "a long enough\u{0}password") != 0)
    #expect(
      try workspace.addAccount("cid", role: "auditor", password: String(repeating: "a", count: 72)) == 0)
    let listed = try workspace.run("users", "list").stdout
    #expect(listed.contains("cid") && !listed.contains("ada") && !listed.contains("bea"))
  }
}
