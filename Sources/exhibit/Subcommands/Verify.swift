import ArgumentParser
import ExhibitKit

/// `exhibit verify [BUNDLE]`: an evidence bundle, or the database's audit chain.
struct Verify: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check an evidence bundle (bag folder or zip), or the database's audit chain.",
    discussion: """
      With BUNDLE: checks bagit.txt, Payload-Oxum and every manifest and tag manifest by hashing \
      each file, and names every missing, extra, altered or unsafely named file. A zip is read \
      into a temporary folder only. Without: every audit event carries a SHA-256 over the \
      previous event's hash and its own content, so an edited, inserted or deleted event is \
      found; the newest hash is printed, keep it elsewhere to notice the loss of the newest events.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "A bag folder or a zip of one; omit to check the database's audit chain.")
  var bundle: String?

  func run() async throws {
    if let bundle {
      try await reportingFailures { try verifyBundle(bundle) }
      return
    }
    try await reportingFailures {
      let store = try global.openForReading()
      let report = try AuditLog.verify(store.connection)
      if output.json {
        try Console.json(report)
      } else if report.valid {
        Console.out("audit chain valid: \(report.events) events, newest hash \(report.headHash)")
      }
      for problem in report.problems { Console.error("\(problem.path): \(problem.problem)") }
      if !report.valid { throw ExitCode.failure }
    }
  }

  private func verifyBundle(_ path: String) throws {
    let report = try BagVerifier.verify(path)
    if output.json {
      try Console.json(report)
    } else if report.valid {
      Console.out(
        "\(path): valid bag, \(report.files) payload files, \(report.bytes) bytes, every checksum matches")
    }
    for problem in report.problems { Console.error("\(path): \(problem.path): \(problem.problem)") }
    if !report.valid { throw ExitCode.failure }
  }
}
