import Dispatch
import Synchronization

/// The index queries of one search, taken in turn by the threads that run them: the caller's
/// and, when a second connection reads the same state of the database (``SearchHelper``), that
/// connection's thread. Whichever thread is free takes the next query, so a search whose time
/// goes to one index (captions filtered by component) and one whose time is spread over all of
/// them both keep the two cores busy.
final class SearchWork<Value>: @unchecked Sendable {
  private let tasks: [(SearchIndex) throws -> Value]
  /// The next task to take.
  private let next = Atomic<Int>(0)
  /// Each task's outcome, written by the one thread that ran it and read after both are done
  /// (a task not run yet holds a cancellation).
  private let outcomes: UnsafeMutableBufferPointer<Result<Value, any Error>>
  /// The second connection's index while ``run(on:beside:)`` runs.
  private var helper: SearchIndex?

  /// Work made of `tasks`, each ranking one index with the connection it is given.
  init(_ tasks: [(SearchIndex) throws -> Value]) {
    self.tasks = tasks
    outcomes = .allocate(capacity: tasks.count)
    outcomes.initialize(repeating: .failure(CancellationError()))
  }

  deinit {
    outcomes.deinitialize()
    outcomes.deallocate()
  }

  /// Runs every task, on `index` on the calling thread and, with a helper, on the helper's
  /// connection on its queue at the same time.
  /// - Returns: What each task returned, in the tasks' order.
  /// - Throws: What the first task that failed threw, once both threads are done.
  func run(on index: SearchIndex, beside helper: (index: SearchIndex, queue: DispatchQueue)?) throws
    -> [Value]
  {
    let done = DispatchSemaphore(value: 0)
    if let helper {
      self.helper = helper.index
      helper.queue.async {
        if let index = self.helper { self.drain(with: index) }
        done.signal()
      }
    }
    drain(with: index)
    if helper != nil {
      done.wait()
      self.helper = nil
    }
    return try outcomes.map { try $0.get() }
  }

  private func drain(with index: SearchIndex) {
    while true {
      let task = next.add(1, ordering: .relaxed).oldValue
      guard task < tasks.count else { return }
      outcomes[task] = Result { try tasks[task](index) }
    }
  }
}
