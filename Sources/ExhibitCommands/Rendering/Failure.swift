import ArgumentParser
import ExhibitKit

/// Runs a command body, turning ExhibitKit's errors into `exhibit: error: ...` lines and a
/// non-zero exit status instead of a stack trace.
func reportingFailures(_ body: () throws -> Void) throws {
  do {
    try body()
  } catch {
    throw exitCode(reporting: error)
  }
}

/// ``reportingFailures(_:)`` for a body that waits on concurrent work (the catalogue).
func reportingFailures(_ body: () async throws -> Void) async throws {
  do {
    try await body()
  } catch {
    throw exitCode(reporting: error)
  }
}

/// The exit status for `error`, after printing what a user should read about it.
private func exitCode(reporting error: Error) -> ExitCode {
  if let exit = error as? ExitCode { return exit }
  // An error's `description` when it has one (every ExhibitKit error does).
  Console.error(String(describing: error))
  return ExitCode.failure
}
