import ArgumentParser
import ExhibitKit

/// `exhibit verify`: the database's audit chain.
struct Verify: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check the audit trail's hash chain and name the first broken event.",
    discussion: """
      Every event carries a SHA-256 over the previous event's hash and its own content, so an \
      edited, inserted or deleted event is found. The newest hash is printed: keep it elsewhere \
      to notice the loss of the newest events too. Checking evidence bundles (verify BUNDLE) is \
      not built yet.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions

  func run() async throws {
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
}
