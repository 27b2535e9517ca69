import NIOConcurrencyHelpers
import NIOCore

/// Caps the connections one address may hold open at once: beyond ``perAddress``, a new one is
/// closed as soon as it is accepted, so thousands of half-sent requests from one client cannot
/// take the server's file descriptors and memory. (Each connection's head and idle time are
/// bounded by the HTTP channel's idle timeout, which closes one that sends no complete request.)
final class ConnectionLimiter: Sendable {
  /// Open connections allowed per remote address.
  let perAddress: Int
  private let open = NIOLockedValueBox<[String: Int]>([:])

  init(perAddress: Int) {
    self.perAddress = perAddress
  }

  /// How many connections `address` holds open now.
  func count(_ address: String) -> Int { open.withLockedValue { $0[address] ?? 0 } }

  /// Counts a new connection; false when the address already holds its share.
  fileprivate func admit(_ address: String) -> Bool {
    open.withLockedValue { open in
      let current = open[address] ?? 0
      guard current < perAddress else { return false }
      open[address] = current + 1
      return true
    }
  }

  fileprivate func release(_ address: String) {
    open.withLockedValue { open in
      let current = (open[address] ?? 1) - 1
      open[address] = current > 0 ? current : nil
    }
  }

  /// The handler each new connection's pipeline gets.
  func handler() -> Handler { Handler(limiter: self) }

  /// Admits a connection when it is added to its pipeline, releases it when it closes.
  final class Handler: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = NIOAny

    private let limiter: ConnectionLimiter
    private var address: String?

    init(limiter: ConnectionLimiter) {
      self.limiter = limiter
    }

    func handlerAdded(context: ChannelHandlerContext) {
      let key = context.remoteAddress?.ipAddress ?? "unknown"
      if limiter.admit(key) {
        address = key
      } else {
        context.close(promise: nil)
      }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
      if let address {
        limiter.release(address)
        self.address = nil
      }
    }

    func channelInactive(context: ChannelHandlerContext) {
      if let address {
        limiter.release(address)
        self.address = nil
      }
      context.fireChannelInactive()
    }
  }
}
