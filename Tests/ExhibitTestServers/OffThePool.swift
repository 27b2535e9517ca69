import Foundation

/// Runs blocking work (starting a server, waiting for a process) on a thread of its own, so that
/// a test's task does not hold one of Swift's few cooperative threads while it waits: with two
/// cores there are two, and tasks blocked on both starve the tasks they wait for.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value
{
  try await withCheckedThrowingContinuation { continuation in
    Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
  }
}
