import Foundation

/// Runs a command's asynchronous work on the thread that starts it, without Swift's thread pool.
///
/// The catalogue's seam is asynchronous (a team's catalogue waits on PostgreSQL), so a command
/// on a workspace file awaits functions that never wait. Awaited from the main actor, each is
/// sent to Swift's global executor, which starts a pool of threads (each with a malloc arena of
/// its own, grown page by page) for work one thread does. Given this executor as the task's
/// preference, those functions run here instead, one job after another; a job resumed by another
/// thread (a callback) is handed over under the lock and wakes the loop.
final class CallerThreadExecutor: TaskExecutor, @unchecked Sendable {
  private let condition = NSCondition()
  /// Jobs waiting to run, oldest first.
  private var jobs: [UnownedJob] = []
  /// Whether the work has ended, and what it threw.
  private var finished = false
  private var failure: (any Error)?

  private init() {}

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Runs `work` to its end on this thread and returns when it has.
  /// - Throws: What `work` throws.
  static func run(_ work: @escaping @Sendable () async throws -> Void) throws {
    let executor = CallerThreadExecutor()
    Task(executorPreference: executor) {
      var thrown: (any Error)?
      do { try await work() } catch { thrown = error }
      executor.finish(thrown)
    }
    try executor.drain()
  }

  private func finish(_ error: (any Error)?) {
    condition.lock()
    finished = true
    failure = error
    condition.signal()
    condition.unlock()
  }

  /// Runs jobs as they come until the work has finished.
  private func drain() throws {
    while true {
      condition.lock()
      while jobs.isEmpty && !finished { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        if let failure { throw failure }
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
