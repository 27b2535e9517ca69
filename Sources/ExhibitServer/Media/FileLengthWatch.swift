import NIOCore

/// The check, while a fast-path answer is being sent, that its file still holds the bytes being
/// sent: `sendfile` finds no bytes past a cut, and NIO would try again as long as the socket takes
/// more. A cut closes the connection and is counted (``MediaFastPath/cutShort``). One watch
/// belongs to one connection's handler, on its event loop.
final class FileLengthWatch {
  private var check: Scheduled<Void>?

  /// How often the file is checked.
  static let interval = TimeAmount.milliseconds(100)

  /// Checks `file` until ``stop()``, or until `sending` says the answer is out.
  func start(
    file: NIOFileHandle, reaching end: Int, context: ChannelHandlerContext, path: MediaFastPath,
    sending: @escaping () -> Bool
  ) {
    check = context.eventLoop.assumeIsolated().scheduleTask(in: Self.interval) { [self] in
      check = nil
      guard sending() else { return }
      if MediaFastPath.isCutShort(file, before: end) {
        path.cutShort.add()
        context.close(promise: nil)
        return
      }
      start(file: file, reaching: end, context: context, path: path, sending: sending)
    }
  }

  /// Stops checking.
  func stop() {
    check?.cancel()
    check = nil
  }
}
