import Foundation

extension Array where Element: Sendable {
  /// `map` spread over the machine's cores, results in order: for pure work on values already
  /// read (each component's coverage in a report over a thousand of them).
  func concurrentMap<T: Sendable>(_ transform: @escaping @Sendable (Element) -> T) -> [T] {
    let count = self.count
    let lanes = Swift.min(ProcessInfo.processInfo.activeProcessorCount, count)
    guard lanes > 1 else { return map(transform) }
    let slots = Slots<T>(count: count)
    let elements = self
    DispatchQueue.concurrentPerform(iterations: lanes) { lane in
      var index = lane
      while index < count {
        slots.store(transform(elements[index]), at: index)
        index += lanes
      }
    }
    return slots.values()
  }
}

/// The results of a ``Swift/Array/concurrentMap(_:)``: one slot per element.
///
/// `@unchecked Sendable`: each slot is written by exactly one lane, no slot is read while the
/// lanes run, and `values()` is called only after `concurrentPerform` has returned.
private final class Slots<T>: @unchecked Sendable {
  private let buffer: UnsafeMutableBufferPointer<T?>

  init(count: Int) {
    buffer = .allocate(capacity: count)
    buffer.initialize(repeating: nil)
  }

  deinit {
    _ = buffer.deinitialize()
    buffer.deallocate()
  }

  func store(_ value: T, at index: Int) {
    buffer[index] = value
  }

  func values() -> [T] {
    buffer.compactMap { $0 }
  }
}
