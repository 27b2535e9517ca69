import Foundation
import NIOConcurrencyHelpers
import Testing

@testable import ExhibitServer

/// The read cache: a value kept until the version moves, and requests that miss one key at once
/// sharing one computation, as every server's requests do after a change empties its cache.
@Suite struct ReadCacheTests {
  /// How many times a value was made.
  final class Count: Sendable {
    let value = NIOLockedValueBox(0)
    func add() -> Int {
      value.withLockedValue {
        $0 += 1; return $0
      }
    }
  }

  @Test func requestsMissingOneKeyAtOnceShareOneComputation() async throws {
    let version = NIOLockedValueBox<Int64>(1)
    let cache = ReadCache(version: { version.withLockedValue { $0 } })
    let made = Count()
    let values = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<20 {
        group.addTask {
          try await cache.value("overview") { () async throws -> Int in
            try await Task.sleep(for: .milliseconds(100))
            return made.add()
          }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(values == Array(repeating: 1, count: 20))
    #expect(made.value.withLockedValue { $0 } == 1)
    // Kept while the version stays; made again once it moves.
    #expect(try await cache.value("overview") { made.add() } == 1)
    #expect(cache.entry("overview", at: 1, as: Int.self) == 1)
    version.withLockedValue { $0 = 2 }
    #expect(try await cache.value("overview") { made.add() } == 2)
    #expect(cache.entry("overview", at: 1, as: Int.self) == nil)
  }

  @Test func aFailedComputationIsNotShared() async throws {
    struct Refused: Error {}
    let cache = ReadCache(version: { 7 })
    let made = Count()
    let outcomes = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<5 {
        group.addTask {
          (try? await cache.value("component") { () async throws -> Int in
            // The first fails; those that waited for it try for themselves.
            try await Task.sleep(for: .milliseconds(50))
            if made.add() == 1 { throw Refused() }
            return 42
          }) != nil
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(outcomes.filter { !$0 }.count == 1)
    #expect(outcomes.filter { $0 }.count == 4)
    // The failure was made once and not handed on: each waiter made its own.
    #expect(made.value.withLockedValue { $0 } == 5)
  }
}
