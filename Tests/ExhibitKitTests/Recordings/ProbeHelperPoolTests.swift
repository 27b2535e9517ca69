import Foundation
import Synchronization
import Testing

@testable import ExhibitKit

/// The probe box keeps at most as many helpers as it may (each opens libavformat, about 50 ms of
/// processor time), and a catalogue starts no more than its files pay for.
@Suite struct ProbeHelperPoolTests {
  /// A helper without a process: the pool only counts them.
  final class Member: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
  }

  @Test(arguments: [
    (0, 2, 1), (1, 2, 1), (136, 2, 1), (256, 2, 1), (257, 2, 2), (10_000, 2, 2), (1_000, 8, 4),
    (10_000, 1, 1),
  ])
  func aCatalogueStartsTheHelpersItsFilesPayFor(_ files: Int, _ cores: Int, _ helpers: Int) {
    #expect(ProbeBox.helpers(forReading: files, cores: cores) == helpers)
  }

  @Test func startsNoMoreThanItsLimitAndHandsOnTheNextOneGivenBack() throws {
    let pool = ProbeBox.HelperPool<Member>(limit: 2)
    let starts = Atomic(0)
    let start: @Sendable () -> Member = { Member(starts.add(1, ordering: .relaxed).newValue) }
    let first = try pool.take(starting: start)
    let second = try pool.take(starting: start)
    #expect(starts.load(ordering: .relaxed) == 2)
    // A third probe waits for one of the two, and starts none.
    let taken = Mutex<Member?>(nil)
    let answered = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      let member = try? pool.take(starting: start)
      taken.withLock { $0 = member }
      answered.signal()
    }
    #expect(answered.wait(timeout: .now() + 0.3) == .timedOut)
    pool.giveBack(second)
    #expect(answered.wait(timeout: .now() + 30) == .success)
    #expect(taken.withLock { $0 } === second)
    #expect(starts.load(ordering: .relaxed) == 2)
    // A helper stopped frees its place for a new one.
    pool.lost()
    #expect(try pool.take(starting: start).number == 3)
    _ = first
  }

  @Test func aProbeMayAskForFewerHelpersThanTheBoxKeeps() throws {
    let pool = ProbeBox.HelperPool<Member>(limit: 4)
    let busy = try pool.take(limit: 1) { Member(1) }
    let answered = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? pool.take(limit: 1) { Member(2) }
      answered.signal()
    }
    #expect(answered.wait(timeout: .now() + 0.3) == .timedOut)
    pool.giveBack(busy)
    #expect(answered.wait(timeout: .now() + 30) == .success)
    // Without the lower limit, a second one starts at once.
    #expect(try pool.take { Member(3) }.number == 3)
  }

  @Test func helpersStartedAheadCountAndAFailedStartFreesItsPlace() throws {
    let pool = ProbeBox.HelperPool<Member>(limit: 2)
    #expect(pool.reserve(3) == 2)
    #expect(pool.reserve(1) == 0)
    pool.giveBack(Member(1))
    #expect(pool.hasIdle { $0.number == 1 } && !pool.hasIdle { $0.number == 2 })
    pool.lost()
    struct NoStart: Error {}
    _ = try pool.take { Member(9) }  // the idle one
    #expect(throws: NoStart.self) { try pool.take { throw NoStart() } }
    #expect(pool.reserve(2) == 1)
    #expect(pool.drain().isEmpty)
  }
}
