import Foundation
import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// The connection's handler for ``MediaFastPath``: it sits after Hummingbird's connection-state
/// handler (which so still sees every request and response, for keep-alive and the idle
/// timeout), answers the requests the fast path can answer, and passes every other one on to
/// the application.
///
/// Answers go out in the order requests came: a request is answered here only when the
/// application owes no response to an earlier one on the connection. The response's head and end
/// are written through the pipeline as the application's are; its body is a `FileRegion` written
/// straight to NIOHTTP1's encoder, which sends it with `sendfile`.
final class MediaFastPathHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart
  typealias OutboundIn = HTTPResponsePart
  typealias OutboundOut = HTTPResponsePart

  private enum State {
    case idle
    /// Passing a request's parts on to the application.
    case forwarding
    /// Answering a request here once its end has arrived.
    case answering(MediaFastPath.Answer)
  }

  private let path: MediaFastPath
  /// The context a `FileRegion` is written from: the HTTP decoder's, whose next outbound
  /// handler is the encoder.
  private let bodyContext: ChannelHandlerContext
  private var state = State.idle
  /// Responses the application still owes for requests passed on to it.
  private var owed = 0

  init(path: MediaFastPath, bodyContext: ChannelHandlerContext) {
    self.path = path
    self.bodyContext = bodyContext
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let request):
      if owed == 0, case .idle = state, let answer = path.answer(request) {
        state = .answering(answer)
        return
      }
      state = .forwarding
      owed += 1
      context.fireChannelRead(data)
    case .body:
      if case .answering = state { return }
      context.fireChannelRead(data)
    case .end:
      if case .answering(let answer) = state {
        state = .idle
        send(answer, context: context)
        return
      }
      state = .idle
      context.fireChannelRead(data)
    }
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .end = unwrapOutboundIn(data) { owed = max(owed - 1, 0) }
    context.write(data, promise: promise)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    if case .answering(let answer) = state {
      try? answer.file.close()
      state = .idle
    }
  }

  private func send(_ answer: MediaFastPath.Answer, context: ChannelHandlerContext) {
    let cork = ChannelOptions.Types.SocketOption(level: .tcp, name: .init(rawValue: TCP_CORK))
    // A long body goes out in full segments, as nginx's `tcp_nopush` sends it: the head waits
    // for the file's first bytes (whole files 0.88 → 1.0 times nginx's bytes a second). A short
    // one is not worth the two calls.
    let corked = (answer.region?.readableBytes ?? 0) > Self.corkAbove
    if corked { try? context.channel.syncOptions?.setOption(cork, value: 1) }
    context.write(
      wrapOutboundOut(.head(HTTPResponse(status: answer.status, headerFields: answer.headers))), promise: nil)
    if let region = answer.region {
      bodyContext.write(NIOAny(HTTPServerResponsePart.body(.fileRegion(region))), promise: nil)
    }
    let sent = context.eventLoop.makePromise(of: Void.self)
    let channel = context.channel
    sent.futureResult.whenComplete { _ in
      try? answer.file.close()
      if corked { try? channel.syncOptions?.setOption(cork, value: 0) }
    }
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: sent)
  }

  /// The body length above which the socket is corked while the answer is written.
  static let corkAbove = 256 * 1024

  /// Puts a ``MediaFastPathHandler`` after Hummingbird's connection-state handler once the
  /// connection's pipeline is complete (Hummingbird adds the state handler after the handlers a
  /// server configuration gives it), then takes itself out.
  final class Installer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let path: MediaFastPath
    private var installed = false

    init(path: MediaFastPath) {
      self.path = path
    }

    func channelActive(context: ChannelHandlerContext) {
      install(context)
      context.fireChannelActive()
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      install(context)
      context.fireChannelRead(data)
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private func install(_ context: ChannelHandlerContext) {
      guard !installed else { return }
      installed = true
      let pipeline = context.pipeline.syncOperations
      // Without either handler the pipeline is not the one this was written for: serve it all
      // through the application.
      if let state = try? pipeline.context(handlerType: HTTPConnectionStateHandler.self),
        let decoder = try? pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
      {
        try? pipeline.addHandler(
          MediaFastPathHandler(path: path, bodyContext: decoder), position: .after(state.handler))
      }
    }
  }
}
