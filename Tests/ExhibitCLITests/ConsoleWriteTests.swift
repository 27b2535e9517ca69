import Foundation
import Testing

@testable import ExhibitCommands

/// What a command prints reaches its reader whole, in pieces as large as a pipe takes, and a
/// reader that went away ends the writing instead of the command.
@Suite struct ConsoleWriteTests {
  @Test func aLongTextReachesThePipeWhole() async throws {
    let pipe = Pipe()
    // A megabyte of several-byte characters: many writes cut short by the pipe's capacity.
    let text = String(repeating: "ünï ✓ line\n", count: 100_000)
    let reader = Task.detached { pipe.fileHandleForReading.readDataToEndOfFile() }
    Console.write(text, to: pipe.fileHandleForWriting.fileDescriptor)
    try pipe.fileHandleForWriting.close()
    let read = try #require(String(data: await reader.value, encoding: .utf8))
    #expect(read == text)
  }

  @Test func aReaderThatWentAwayEndsTheWriting() throws {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    // Returns (the write fails with EPIPE) rather than waiting or trapping.
    Console.write(String(repeating: "x", count: 1 << 20), to: pipe.fileHandleForWriting.fileDescriptor)
    try pipe.fileHandleForWriting.close()
  }
}
