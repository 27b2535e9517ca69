import Dispatch

/// Runs async work and waits for it on the calling thread, for synchronous code: a command's main
/// thread, or a server pool's thread. Never call it on Swift's cooperative threads: the work
/// needs them free.
package func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
  let done = DispatchSemaphore(value: 0)
  let outcome = Outcome<Value>()
  Task {
    do { outcome.result = .success(try await work()) } catch { outcome.result = .failure(error) }
    done.signal()
  }
  done.wait()
  guard let result = outcome.result else { preconditionFailure("the work signalled before it ended") }
  return try result.get()
}

/// The result the waiting thread reads once the semaphore is signalled.
private final class Outcome<Value>: @unchecked Sendable {
  var result: Result<Value, any Error>?
}
