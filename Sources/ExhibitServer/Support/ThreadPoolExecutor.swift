import NIOPosix

/// A thread pool as a task executor: the server's database work runs on its threads, never on
/// the cooperative pool's few, because both backends block a thread while a statement runs
/// (SQLite in its own code, PostgreSQL in the catalogue's synchronous writer).
///
/// Work is sent here with `withTaskExecutorPreference`, so a route's storage calls, which are
/// `async` for the seam's sake, run where blocking is expected.
final class ThreadPoolExecutor: TaskExecutor {
  private let threads: NIOThreadPool

  /// An executor over `threadCount` new threads, started now.
  init(threadCount: Int) {
    threads = NIOThreadPool(numberOfThreads: threadCount)
    threads.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    // A job is run even when the pool is stopping: a task left unrun would never finish.
    threads.submit { _ in job.runSynchronously(on: executor) }
  }

  /// Stops the threads once the work already sent has run.
  func shutdown() async throws {
    try await threads.shutdownGracefully()
  }
}
