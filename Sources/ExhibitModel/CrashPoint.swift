import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Test-only: the places where Exhibit changes something durable, where crash tests kill it.
///
/// Setting `EXHIBIT_TEST_KILL_AT` makes the process send itself SIGKILL, which no code can catch
/// or clean up after (the same as `kill -9` from outside), on reaching a point:
/// - `EXHIBIT_TEST_KILL_AT=7` at the 7th point of any kind;
/// - `EXHIBIT_TEST_KILL_AT=commit:2` at the 2nd point of one kind.
///
/// Tests run a command with the setting for N = 1, 2, … until it finishes without being
/// killed, so a command is stopped at every point it has, deterministically. Without the
/// setting (always, outside tests), reaching a point costs one comparison.
public enum CrashPoint: String, Sendable, CaseIterable {
  /// Before an SQL statement that writes.
  case write
  /// Before a transaction commits: every write of it done, none of it durable yet.
  case commit
  /// Just after a transaction committed.
  case committed
  /// After a file of a bundle was written and flushed.
  case file
  /// Before a finished bundle is renamed to its final path.
  case rename

  /// Whether a test asked for a kill; when not, callers can skip even preparing to reach a point.
  public static var isArmed: Bool { plan != nil }

  /// Kills the process if this is the point the test asked for.
  public func reach() {
    guard let plan = Self.plan else { return }
    Self.lock.lock()
    defer { Self.lock.unlock() }
    if plan.kind == nil || plan.kind == self {
      Self.reached += 1
      if Self.reached == plan.count { kill(getpid(), SIGKILL) }
    }
  }

  /// The point to stop at, read once from the environment.
  private static let plan: (kind: CrashPoint?, count: Int)? = {
    // The one variable read, not the whole environment made into a dictionary.
    guard let variable = getenv("EXHIBIT_TEST_KILL_AT") else { return nil }
    let text = String(cString: variable)
    let parts = text.split(separator: ":")
    if parts.count == 1, let count = Int(parts[0]), count > 0 { return (nil, count) }
    if parts.count == 2, let kind = CrashPoint(rawValue: String(parts[0])), let count = Int(parts[1]),
      count > 0
    {
      return (kind, count)
    }
    return nil
  }()

  nonisolated(unsafe) private static var reached = 0
  private static let lock = NSLock()
}
