import Foundation

extension ProbeBox {
  /// A box's helpers: the idle ones, and how many are alive (idle, answering, or starting), never
  /// more than ``limit``. A probe asked while all are busy waits for the next one given back.
  /// (Generic so that its counting can be tested without processes.)
  final class HelperPool<Member>: @unchecked Sendable {
    /// The most helpers alive at once.
    let limit: Int
    private let condition = NSCondition()
    private var idle: [Member] = []
    private var alive = 0

    init(limit: Int) {
      self.limit = limit
    }

    /// An idle helper; else one started with `start` while fewer than `limit` (at most
    /// ``limit``) are alive; else the next one given back.
    func take(limit: Int? = nil, starting start: () throws -> Member) throws -> Member {
      let limit = max(1, min(limit ?? self.limit, self.limit))
      condition.lock()
      while idle.isEmpty, alive >= limit { condition.wait() }
      if let helper = idle.popLast() {
        condition.unlock()
        return helper
      }
      alive += 1
      condition.unlock()
      do {
        return try start()
      } catch {
        lost()
        throw error
      }
    }

    /// Counts up to `count` helpers about to be started ahead of their files (fewer when some
    /// are alive already) and returns how many to start.
    func reserve(_ count: Int) -> Int {
      condition.lock()
      defer { condition.unlock() }
      let more = max(0, min(count, limit) - alive)
      alive += more
      return more
    }

    /// A helper free for the next probe.
    func giveBack(_ helper: Member) {
      condition.lock()
      idle.append(helper)
      condition.signal()
      condition.unlock()
    }

    /// A helper that was stopped, or never started: another may start in its place.
    func lost() {
      condition.lock()
      alive -= 1
      condition.signal()
      condition.unlock()
    }

    /// Whether an idle helper is one `predicate` accepts (it has opened its libraries).
    func hasIdle(where predicate: (Member) -> Bool) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      return idle.contains(where: predicate)
    }

    /// The idle helpers, taken out to be stopped.
    func drain() -> [Member] {
      condition.lock()
      defer { condition.unlock() }
      let taken = idle
      idle = []
      alive -= taken.count
      return taken
    }
  }
}
