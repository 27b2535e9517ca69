import NIOCore

/// The check, while a fast-path answer is owed, that the connection still takes its bytes: the
/// connection is closed when the bytes waiting in its buffer are the same at two checks a
/// timeout apart (a client that never reads). One watch belongs to one connection's handler, on
/// its event loop.
final class StallWatch {
  private var check: Scheduled<Void>?

  /// Starts checking every `timeout`, unless the watch runs already, until ``stop()`` or until
  /// `owed` says no answer is owed.
  func start(context: ChannelHandlerContext, every timeout: TimeAmount, owed: @escaping () -> Bool) {
    guard check == nil else { return }
    schedule(context: context, every: timeout, owed: owed, bufferedAtLastCheck: -1)
  }

  /// Stops checking.
  func stop() {
    check?.cancel()
    check = nil
  }

  private func schedule(
    context: ChannelHandlerContext, every timeout: TimeAmount, owed: @escaping () -> Bool,
    bufferedAtLastCheck: Int
  ) {
    check = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
      check = nil
      guard owed() else { return }
      let buffered = (try? context.channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes)) ?? 0
      if buffered > 0, buffered == bufferedAtLastCheck {
        context.close(promise: nil)
        return
      }
      schedule(context: context, every: timeout, owed: owed, bufferedAtLastCheck: buffered)
    }
  }
}
