import Foundation
import Synchronization

/// Recordings hashed while a new catalogue's database is being made.
///
/// Into a database that does not exist yet every recording is read, and making its schema keeps
/// one core busy for a while before the catalogue can plan anything; the other cores hash the
/// first recordings meanwhile, in the order the catalogue will ask for them. The catalogue takes
/// each hash made ahead (``take(_:)``), waits for one being made, and hashes the rest itself;
/// once it starts (``stop()``) no further file is begun ahead. A hash made ahead carries the
/// file's status, which the probe checks again as it would check its own hash's.
public final class HashesAhead: @unchecked Sendable {
  /// The hashes a command started for the catalogue it is about to run, if any, handed to that
  /// catalogue once (the next finds none).
  static func takeStarted() -> HashesAhead? { started.withLock { $0.take() } }
  private static let started = Mutex<HashesAhead?>(nil)

  private let condition = NSCondition()
  private let paths: [String]
  private var nextIndex = 0
  private var stopped = false
  /// Threads still hashing.
  private var working = 0
  /// Files begun ahead and not yet taken.
  private var begun: Set<String> = []
  /// Files the catalogue hashes itself, or has taken: none is begun ahead (again).
  private var declined: Set<String> = []
  private var results: [String: RecordingExaminer.HashStep] = [:]
  private let examiner = RecordingExaminer()

  /// Hashes to be made of `paths`, in order, once ``begin(threads:)`` is called.
  init(paths: [String]) {
    self.paths = paths
  }

  /// Starts hashing `paths` in order on `threads` threads of their own, for the next catalogue
  /// of this process to take.
  public static func start(_ paths: [String], threads: Int) {
    guard !paths.isEmpty, threads > 0 else { return }
    let ahead = HashesAhead(paths: paths)
    started.withLock { $0 = ahead }
    ahead.begin(threads: threads)
  }

  /// Starts `threads` threads hashing the files in order.
  func begin(threads: Int) {
    condition.lock()
    working += threads
    condition.unlock()
    for _ in 0..<threads { Thread.detachNewThread { self.work() } }
  }

  /// Waits until every thread has stopped: no file is left to begin, or ``stop()`` was called.
  func awaitThreads() {
    condition.lock()
    while working > 0 { condition.wait() }
    condition.unlock()
  }

  /// Hashes files until none is left or the catalogue has started.
  private func work() {
    while let path = claimNext() {
      let step = examiner.hashMedia(path)
      condition.lock()
      results[path] = step
      condition.broadcast()
      condition.unlock()
    }
    condition.lock()
    working -= 1
    condition.broadcast()
    condition.unlock()
  }

  private func claimNext() -> String? {
    condition.lock()
    defer { condition.unlock() }
    while !stopped, nextIndex < paths.count {
      let path = paths[nextIndex]
      nextIndex += 1
      if !declined.contains(path), begun.insert(path).inserted { return path }
    }
    return nil
  }

  /// No further file is begun ahead: the catalogue hashes the rest.
  func stop() {
    condition.lock()
    stopped = true
    condition.unlock()
  }

  /// The hash of `path` made ahead, waiting while it is being made; nil when it was not begun
  /// (and now never will be: the caller hashes it).
  func take(_ path: String) -> RecordingExaminer.HashStep? {
    condition.lock()
    defer { condition.unlock() }
    defer { declined.insert(path) }
    guard begun.remove(path) != nil else { return nil }
    while results[path] == nil { condition.wait() }
    return results.removeValue(forKey: path)
  }
}
