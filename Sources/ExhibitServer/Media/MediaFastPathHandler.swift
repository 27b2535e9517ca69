import Foundation
import HTTPTypes
import HummingbirdCore
import Logging
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
///
/// One answer is in flight per connection: while it is being sent the connection is not read,
/// and requests already read wait in a queue of at most ``maximumQueuedRequests`` (past that the
/// connection is closed). An answer that makes no progress for the idle timeout (a client that
/// never reads) closes the connection, as an idle one is closed.
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
  /// Whether an answer of this path is being sent.
  private var sending = false
  /// Request parts read while an answer was being sent, in order, and how many requests they begin.
  private var queued: [NIOAny] = []
  private var queuedRequests = 0
  /// Whether a read was asked for while an answer was in flight, to be made once it is out.
  private var readHeld = false
  /// How long an answer may go without sending a byte before the connection is closed.
  private let stallTimeout: TimeAmount
  /// The check for an answer that stopped moving.
  private let stallWatch = StallWatch()
  /// The check that the file being sent still holds the bytes being sent.
  private let lengthWatch = FileLengthWatch()
  /// How many answers this path has started and finished sending on the connection; one is
  /// in flight at a time, so they finish in the order they start.
  private var answersStarted = 0
  private var answersFinished = 0

  /// The most requests read ahead of the answer being sent that one connection may queue.
  static let maximumQueuedRequests = 32

  init(path: MediaFastPath, bodyContext: ChannelHandlerContext, stallTimeout: TimeAmount) {
    self.path = path
    self.bodyContext = bodyContext
    self.stallTimeout = stallTimeout
  }

  /// Whether an answer is owed for every request read so far: one of this path's being sent, or
  /// the application's to a request passed on whole. A new request waits until it is out.
  private var busy: Bool {
    if sending { return true }
    if case .idle = state { return owed > 0 }
    return false
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !busy, queued.isEmpty else {
      queued.append(data)
      if case .head = unwrapInboundIn(data) { queuedRequests += 1 }
      // A client that pipelines far ahead of what it reads gets no more of the server.
      if queuedRequests > Self.maximumQueuedRequests { context.close(promise: nil) }
      watchForStall(context: context)
      return
    }
    read(data, context: context)
  }

  /// One request part, read now or after the answer it waited behind.
  private func read(_ data: NIOAny, context: ChannelHandlerContext) {
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
    guard case .end = unwrapOutboundIn(data) else {
      context.write(data, promise: promise)
      return
    }
    owed = max(owed - 1, 0)
    // The requests that waited behind the application's answer, once it is out.
    let written = promise ?? context.eventLoop.makePromise()
    context.write(data, promise: written)
    written.futureResult.assumeIsolated().whenComplete { [self] _ in
      if !busy { resume(context: context) }
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    if case .answering(let answer) = state {
      answer.finished()
      state = .idle
    }
    stallWatch.stop()
    lengthWatch.stop()
    queued = []
  }

  /// The answer in flight was sent (or failed): reading resumes.
  private func finished(context: ChannelHandlerContext) {
    sending = false
    lengthWatch.stop()
    resume(context: context)
  }

  /// The requests that waited are taken in order until one is owed an answer again; then the
  /// connection is read again if it is not.
  private func resume(context: ChannelHandlerContext) {
    let replayed = !busy && !queued.isEmpty
    while !busy, !queued.isEmpty {
      let data = queued.removeFirst()
      if case .head = unwrapInboundIn(data) { queuedRequests -= 1 }
      read(data, context: context)
    }
    // What was passed on reaches the application at the end of a read, as a socket read's does.
    if replayed { context.fireChannelReadComplete() }
    guard !busy else { return }
    stallWatch.stop()
    if readHeld {
      readHeld = false
      context.read()
    }
  }

  /// Holds the connection's next read while an answer is owed: a client that does not read its
  /// answers stops being read.
  func read(context: ChannelHandlerContext) {
    guard !busy else {
      readHeld = true
      watchForStall(context: context)
      return
    }
    context.read()
  }

  /// Starts the stall check, unless it runs already.
  private func watchForStall(context: ChannelHandlerContext) {
    stallWatch.start(context: context, every: stallTimeout) { [unowned self] in busy }
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
    sending = true
    answersStarted += 1
    let number = answersStarted
    sent.futureResult.assumeIsolated().whenComplete { [self] _ in
      answersFinished = number
      answer.finished()
      if corked { try? channel.syncOptions?.setOption(cork, value: 0) }
      finished(context: context)
    }
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: sent)
    // Most answers (a player's ranges) leave in the flush, which completes `sent` before it
    // returns (and may already have started the next queued answer, which watches itself);
    // only one still being sent needs watching.
    guard answersFinished < number else { return }
    watchForStall(context: context)
    if let region = answer.region {
      lengthWatch.start(file: answer.file, reaching: region.endIndex, context: context, path: path) {
        [unowned self] in sending
      }
    }
  }

  /// The body length above which the socket is corked while the answer is written.
  static let corkAbove = 256 * 1024

  /// Sets a connection's pipeline up for the fast path once it is complete (Hummingbird adds its
  /// connection-state handler after the handlers a server configuration gives it), then takes
  /// itself out: a ``MediaFastPathHandler`` after the state handler, and a ``RawMediaHandler``
  /// first of all, with the state handler kept out of the pipeline until that one hands the
  /// connection over.
  final class Installer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let path: MediaFastPath
    private let idleTimeout: TimeAmount
    private let logger: Logger
    private var installed = false

    init(path: MediaFastPath, idleTimeout: TimeAmount, logger: Logger) {
      self.path = path
      self.idleTimeout = idleTimeout
      self.logger = logger
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
      guard let state = try? pipeline.context(handlerType: HTTPConnectionStateHandler.self),
        let decoder = try? pipeline.context(handlerType: ByteToMessageHandler<HTTPRequestDecoder>.self)
      else { return }
      let fastPath = MediaFastPathHandler(path: path, bodyContext: decoder, stallTimeout: idleTimeout)
      guard (try? pipeline.addHandler(fastPath, position: .after(state.handler))) != nil else { return }
      // Hummingbird's idle timeout counts the requests it sees; those answered from the bytes
      // it does not see, and it would close a connection busy with them.
      guard context.channel.isActive else { return }
      pipeline.removeHandler(context: state, promise: nil)
      let idleTimeout = idleTimeout
      let logger = logger
      let raw = RawMediaHandler(path: path, idleTimeout: idleTimeout) { pipeline in
        try pipeline.addHandler(
          HTTPConnectionStateHandler(idleTimeout: .init(idleTimeout), logger: logger),
          position: .before(fastPath))
      }
      try? pipeline.addHandler(raw, position: .first)
    }
  }
}
