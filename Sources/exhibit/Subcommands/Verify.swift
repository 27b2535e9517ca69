import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit verify [BUNDLE]`: an evidence bundle, or the database's audit chain.
struct Verify: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Check an evidence bundle (bag folder or zip), or the database's audit chain.",
    discussion: """
      With BUNDLE: checks bagit.txt, Payload-Oxum and every manifest and tag manifest by hashing \
      each file, and names every missing, extra, altered or unsafely named file. A zip is read \
      into a temporary folder only. An Exhibit bag's audit events must still hash as recorded, \
      its verdicts must follow from them, its signature must match, and, against a workspace \
      (--against-db, else the database when it exists), every event and the audit head must be in \
      the workspace's audit trail and the key must be the workspace's. Without: every audit event carries a SHA-256 over the \
      previous event's hash and its own content, so an edited, inserted or deleted event is \
      found; the tables must hold what the trail records (criteria revisions, recording hashes, \
      links, verdicts, retractions) and SQLite's integrity check must pass; the newest hash is \
      printed, keep it elsewhere to notice the loss of the newest events.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "A bag folder or a zip of one; omit to check the database's audit chain.")
  var bundle: String?
  @Option(help: "Check the bag's evidence against this workspace database (default: --db, when it exists).")
  var againstDb: String?
  @Flag(help: "Check the bag alone, not against any workspace database.")
  var withoutDb = false

  func validate() throws {
    if againstDb != nil && withoutDb {
      throw ValidationError("--against-db and --without-db exclude each other")
    }
    if bundle == nil && (againstDb != nil || withoutDb) {
      throw ValidationError("--against-db and --without-db go with a BUNDLE")
    }
  }

  func run() throws {
    if let bundle {
      try reportingFailures { try verifyBundle(bundle) }
      return
    }
    try reportingFailures {
      let store = try global.openForReading()
      let report = try store.verifyWorkspace()
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
    // The workspace's audit trail is the reference a forged bag cannot match.
    var workspace: Store?
    if let againstDb {
      workspace = try Store.open(at: againstDb, access: .read)
    } else if !withoutDb, FileManager.default.fileExists(atPath: global.databasePath) {
      workspace = try global.openForReading()
    }
    let report = try BagVerifier.verify(path, against: workspace)
    if output.json {
      try Console.json(report)
    } else if report.valid {
      Console.out(
        "\(path): valid bag, \(report.files) payload files, \(report.bytes) bytes, every checksum matches, "
          + "the verdicts follow from its audit events")
      if let signature = report.signature {
        Console.out(
          "signed with key \(signature.fingerprint)"
            + (signature.workspaceKey == true ? ", this workspace's key" : ""))
      } else {
        Console.out("not signed")
      }
      if let database = report.checkedAgainst {
        Console.out("every audit event and the audit head are in the audit trail of \(database)")
      }
    }
    for problem in report.problems { Console.error("\(path): \(problem.path): \(problem.problem)") }
    if !report.valid { throw ExitCode.failure }
  }
}
