/// Calls a connection makes at the moments its writes become durable.
///
/// The wrapper knows nothing of what a caller does with them: Exhibit's crash tests pass hooks
/// that kill the process at the Nth point, so every write path is interrupted everywhere.
public struct WriteHooks: Sendable {
  /// Before a statement that writes takes its first step.
  public var beforeWrite: @Sendable () -> Void
  /// Before `COMMIT`: every write of the transaction done, none of it durable yet.
  public var beforeCommit: @Sendable () -> Void
  /// Just after `COMMIT` returned.
  public var afterCommit: @Sendable () -> Void

  /// Creates hooks from their three calls.
  public init(
    beforeWrite: @escaping @Sendable () -> Void, beforeCommit: @escaping @Sendable () -> Void,
    afterCommit: @escaping @Sendable () -> Void
  ) {
    self.beforeWrite = beforeWrite
    self.beforeCommit = beforeCommit
    self.afterCommit = afterCommit
  }

  /// The hooks a connection and its statements share.
  final class Box {
    var hooks: WriteHooks?
  }
}
