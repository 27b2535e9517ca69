import ArgumentParser
import ExhibitKit

/// Runs a command body, turning ExhibitKit's errors into `exhibit: error: ...` lines and a
/// non-zero exit status instead of a stack trace.
func reportingFailures(_ body: () async throws -> Void) async throws {
  do {
    try await body()
  } catch let exit as ExitCode {
    throw exit
  } catch let error as CustomStringConvertible & Error {
    Console.error(error.description)
    throw ExitCode.failure
  } catch {
    Console.error(String(describing: error))
    throw ExitCode.failure
  }
}
