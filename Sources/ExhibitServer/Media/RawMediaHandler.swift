import Foundation
import HummingbirdCore
import NIOCore

/// The first handler of a connection's pipeline: it answers the connection's requests for a
/// recording's bytes from the bytes they arrive in (``RawMediaRequest``), before NIO's HTTP
/// decoder reads them, with ``MediaFastPath``'s answer: its head written as bytes, its body sent
/// with `sendfile`. A player's connection, which asks for nothing but ranges, is answered here for
/// as long as it lasts, at the cost of the system calls and little else.
///
/// The first request it does not answer (a page, a request ``RawMediaRequest`` leaves to the
/// decoder, an answer only the route can give) hands the connection over for good: Hummingbird's
/// connection-state handler, kept out of the pipeline until then, is put back (`handOver`), the
/// bytes from that request on go to the decoder, and this handler takes itself out. Until then it
/// does that handler's work: the idle timeout, and closing the connection when a graceful
/// shutdown asks, after the answer in flight.
///
/// One answer is in flight at a time: while it is being sent the connection is not read. An
/// answer that sends nothing for the idle timeout (a client that does not read) closes the
/// connection (``StallWatch``), and so does a client that sends more than ``maximumPendingBytes``
/// or more than ``MediaFastPathHandler/maximumQueuedRequests`` requests ahead of its answers; a
/// file cut short while being sent ends its answer (``FileLengthWatch``). ``MediaFastPathHandler``
/// keeps the same rules with the same watches.
final class RawMediaHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = IOData
  typealias OutboundOut = IOData

  private let path: MediaFastPath
  private let idleTimeout: TimeAmount
  /// Puts the pipeline back as Hummingbird made it, for the decoder and the application.
  private let handOver: (ChannelPipeline.SynchronousOperations) throws -> Void
  /// Bytes read and not yet answered: the start of the next request.
  private var pending: ByteBuffer?
  /// Whether an answer is being sent, and whether the requests after it are being answered now.
  private var sending = false
  private var answering = false
  /// Whether the connection was handed over; nothing here acts after that.
  private var handedOver = false
  /// Whether a read was asked for while an answer was in flight, to be made once it is out.
  private var readHeld = false
  /// Whether to close the connection once the answer in flight is out (a graceful shutdown).
  private var closeWhenSent = false
  /// The client's end of the connection closed, an event passed on once its requests are answered.
  private var inputClosed = false
  /// When the last answer was sent: the idle timeout counts from it.
  private var lastAnswered = NIODeadline.now()
  private var idleCheck: Scheduled<Void>?
  private let stallWatch = StallWatch()
  private let lengthWatch = FileLengthWatch()

  /// The most bytes of requests a client may send ahead of the answer in flight.
  static let maximumPendingBytes = 64 * 1024

  init(
    path: MediaFastPath, idleTimeout: TimeAmount,
    handOver: @escaping (ChannelPipeline.SynchronousOperations) throws -> Void
  ) {
    self.path = path
    self.idleTimeout = idleTimeout
    self.handOver = handOver
  }

  func handlerAdded(context: ChannelHandlerContext) {
    lastAnswered = .now()
    scheduleIdleCheck(context: context, at: lastAnswered + idleTimeout)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    cancelChecks()
    pending = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    var bytes = unwrapInboundIn(data)
    if var earlier = pending {
      pending = nil  // the only reference, so the bytes are added in place
      earlier.writeBuffer(&bytes)
      bytes = earlier
    }
    pending = bytes
    guard !sending else {
      // A client that sends far ahead of what it reads gets no more of the server.
      if bytes.readableBytes > Self.maximumPendingBytes
        || Self.holdsRequests(bytes, moreThan: MediaFastPathHandler.maximumQueuedRequests)
      {
        context.close(promise: nil)
      }
      return
    }
    answerPending(context: context)
  }

  /// Nothing is passed on to read until the connection is handed over.
  func channelReadComplete(context: ChannelHandlerContext) {}

  /// A range's file region is over the write buffer's high mark, so the channel turns unwritable
  /// as each is queued and writable again once it is out: twice a range, each change passed down
  /// the whole pipeline to handlers that write nothing before the hand-over
  /// (docs/performance.md). They hear of it only then (``handOverConnection(context:)``).
  func channelWritabilityChanged(context: ChannelHandlerContext) {}

  /// Holds the connection's next read while an answer is in flight: a client that does not read
  /// its answers stops being read.
  func read(context: ChannelHandlerContext) {
    guard !sending else {
      readHeld = true
      return
    }
    context.read()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if event is ChannelShouldQuiesceEvent {
      if sending { closeWhenSent = true } else { context.close(promise: nil) }
      return
    }
    // The client sent all it will: what it sent is answered first, then the event passed on.
    if case .inputClosed = event as? ChannelEvent, sending || pending != nil {
      inputClosed = true
      if !sending { answerPending(context: context) }
      return
    }
    context.fireUserInboundEventTriggered(event)
  }

  /// Whether `bytes` hold the heads of more than `count` requests.
  private static func holdsRequests(_ bytes: ByteBuffer, moreThan count: Int) -> Bool {
    bytes.withUnsafeReadableBytes { bytes in
      var heads = 0
      var index = 0
      while index + 3 < bytes.count {
        if bytes[index + 3] != 0x0A {
          index += 1
          continue
        }
        if bytes[index] == 0x0D, bytes[index + 1] == 0x0A, bytes[index + 2] == 0x0D {
          heads += 1
          if heads > count { return true }
        }
        index += 1
      }
      return false
    }
  }

  /// Answers the requests read, in order, until one is in flight, one is still arriving, or one
  /// is not this handler's to answer.
  private func answerPending(context: ChannelHandlerContext) {
    answering = true
    defer { answering = false }
    while !sending, !handedOver, !closeWhenSent, context.channel.isActive, var bytes = pending {
      switch bytes.withUnsafeReadableBytes(RawMediaRequest.read) {
      case .incomplete:
        // A head the client will never finish is the decoder's to refuse.
        if inputClosed { handOverConnection(context: context) }
        return
      case .other:
        handOverConnection(context: context)
        return
      case .media(let request, let length):
        guard let answer = path.answer(request) else {
          handOverConnection(context: context)
          return
        }
        bytes.moveReaderIndex(forwardBy: length)
        pending = bytes.readableBytes > 0 ? bytes : nil
        path.answeredFromBytes.add()
        send(answer, context: context)
      }
    }
    if pending == nil, !sending, inputClosed {
      inputClosed = false
      context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    }
  }

  private func send(_ answer: MediaFastPath.Answer, context: ChannelHandlerContext) {
    let cork = ChannelOptions.Types.SocketOption(level: .tcp, name: .init(rawValue: TCP_CORK))
    let corked = (answer.region?.readableBytes ?? 0) > MediaFastPathHandler.corkAbove
    if corked { try? context.channel.syncOptions?.setOption(cork, value: 1) }
    var head = context.channel.allocator.buffer(capacity: 640)
    answer.writeHead(into: &head)
    sending = true
    let sent = context.eventLoop.makePromise(of: Void.self)
    let channel = context.channel
    sent.futureResult.assumeIsolated().whenComplete { [self] _ in
      answer.finished()
      if corked { try? channel.syncOptions?.setOption(cork, value: 0) }
      answerSent(context: context)
    }
    if let region = answer.region {
      context.write(wrapOutboundOut(.byteBuffer(head)), promise: nil)
      context.writeAndFlush(wrapOutboundOut(.fileRegion(region)), promise: sent)
    } else {
      context.writeAndFlush(wrapOutboundOut(.byteBuffer(head)), promise: sent)
    }
    // A range leaves in the flush; only an answer still being sent needs watching.
    guard sending else { return }
    stallWatch.start(context: context, every: idleTimeout) { [unowned self] in sending }
    if let region = answer.region {
      lengthWatch.start(file: answer.file, reaching: region.endIndex, context: context, path: path) {
        [unowned self] in sending
      }
    }
  }

  /// The answer in flight is out (or failed): the next request is answered, and the connection
  /// read again.
  private func answerSent(context: ChannelHandlerContext) {
    sending = false
    lastAnswered = .now()
    stallWatch.stop()
    lengthWatch.stop()
    if closeWhenSent {
      context.close(promise: nil)
      return
    }
    // Inside the loop that sent it, the loop takes the next request.
    guard !answering else { return }
    answerPending(context: context)
    if !sending, readHeld, !handedOver {
      readHeld = false
      context.read()
    }
  }

  /// Gives the connection to the decoder and the application, from the request not answered here.
  private func handOverConnection(context: ChannelHandlerContext) {
    handedOver = true
    cancelChecks()
    do {
      try handOver(context.pipeline.syncOperations)
    } catch {
      context.close(promise: nil)
      return
    }
    // The handlers after this one last heard the channel was writable, as it was when they were
    // added. With no answer in flight it is writable again; should it not be, they are told.
    if !context.channel.isWritable { context.fireChannelWritabilityChanged() }
    if let bytes = pending {
      pending = nil
      context.fireChannelRead(wrapInboundOut(bytes))
      context.fireChannelReadComplete()
    }
    if inputClosed {
      inputClosed = false
      context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
    }
    // A read held for the answer that was in flight is made now, for the decoder's sake.
    if readHeld {
      readHeld = false
      context.read()
    }
    context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
  }

  private func cancelChecks() {
    idleCheck?.cancel()
    idleCheck = nil
    stallWatch.stop()
    lengthWatch.stop()
  }

  /// Closes a connection that has had no answer for the idle timeout and has none in flight.
  private func scheduleIdleCheck(context: ChannelHandlerContext, at deadline: NIODeadline) {
    idleCheck = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
      idleCheck = nil
      guard !handedOver else { return }
      // An answer in flight is the stall check's to watch.
      let due = sending ? NIODeadline.now() + idleTimeout : lastAnswered + idleTimeout
      if due <= .now() {
        context.close(promise: nil)
      } else {
        scheduleIdleCheck(context: context, at: due)
      }
    }
  }
}
