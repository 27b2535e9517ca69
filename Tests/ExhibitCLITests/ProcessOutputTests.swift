import Foundation
import Testing

/// The tests' process helper reads a child's stdout and stderr together, so a child that writes
/// more than a pipe holds to stderr before it ends its stdout finishes instead of hanging.
@Suite(.timeLimit(.minutes(1))) struct ProcessOutputTests {
  @Test func aChildThatFillsStderrFirstIsReadToTheEnd() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // 200 KB on stderr (three times a pipe's buffer) before a word on stdout.
    process.arguments = ["-c", "head -c 200000 /dev/zero | tr '\\000' x >&2; echo done"]
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    let result = CLIWorkspace.collect((process, stdout, stderr))
    #expect(result.status == 0)
    #expect(result.stdout == "done\n")
    #expect(result.stderr.utf8.count == 200_000)
  }
}
