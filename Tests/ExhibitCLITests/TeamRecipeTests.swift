import Foundation
import Testing

/// The team recipe of `docs/team.md`, run as a newcomer would copy it, block by block
/// (`Scripts/team-recipe-check.sh`): a PostgreSQL cluster of Debian's with the owner and
/// application roles, a bucket on an S3-compatible server (nanio), the team's environment, the
/// schema, the sample criteria and recordings stored in the bucket, two auditors' keys with a bag
/// of one verified by the other, and two web servers on the one catalogue. Needs root (the recipe
/// makes a cluster with `pg_createcluster`); run once, in the first pass.
@Suite(.enabled(if: TeamRecipe.canRun, "needs root and Debian's postgresql; runs in the first pass"))
struct TeamRecipeTests {

  @Test func theRecipeWorksAsWritten() throws {
    // Through Python, which unblocks the signals a test runner's thread blocks before it execs
    // the check: its servers, and `timeout`, must hear TERM.
    let result = try Python.run([
      "-c",
      "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execvp(sys.argv[1], sys.argv[1:])",
      "timeout", "600", "bash",
      CLIWorkspace.repository.appendingPathComponent("Scripts/team-recipe-check.sh").path,
      CLIWorkspace.binary.deletingLastPathComponent().path,
    ])
    let said = result.stdout + result.stderr
    #expect(result.status == 0, "\(said)")
    #expect(said.contains("(schema version "), "exhibit init made the schema")
    #expect(
      said.range(of: #"\d+ files stored in s3://evidence/recordings"#, options: .regularExpression) != nil)
    #expect(said.contains("ada's key, registered in the team's catalogue"), "Bo verified Ada's bag")
    #expect(said.contains("valid Exhibit evidence bag"))
    // Both servers list the component.
    #expect(said.components(separatedBy: "\"native/checkbox\"").count - 1 == 2, "\(said)")
    // The recipe's cluster is gone once it ends.
    let clusters = try Python.run(
      "import subprocess; print(subprocess.run(['pg_lsclusters'], capture_output=True, text=True).stdout)", []
    )
    #expect(!clusters.1.contains("exhibit-recipe-"), "\(clusters.1)")
  }
}

/// Whether this run can try the recipe: as root, with Debian's cluster tools, in the first pass.
enum TeamRecipe {
  static let canRun =
    getuid() == 0 && !TeamCatalogue.isOn
    && FileManager.default.fileExists(atPath: "/usr/bin/pg_createcluster")
}
