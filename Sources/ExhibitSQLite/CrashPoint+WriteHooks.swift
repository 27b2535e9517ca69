import ExhibitModel
import ExhibitStorage

extension CrashPoint {
  /// The hooks that reach the database's points, for a connection to call; nil when no test
  /// asked for a kill, so an ordinary run pays nothing.
  public static var writeHooks: WriteHooks? {
    guard isArmed else { return nil }
    return WriteHooks(
      beforeWrite: { CrashPoint.write.reach() }, beforeCommit: { CrashPoint.commit.reach() },
      afterCommit: { CrashPoint.committed.reach() })
  }
}
