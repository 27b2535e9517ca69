import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Testing

@testable import ExhibitServer

/// ``RawMediaRequest`` reads a request for a recording's bytes from the connection's bytes as
/// NIO's decoder and HTTPTypes read it, and leaves every request it does not read plainly to them.
@Suite struct RawMediaRequestTests {
  static let sha = String(repeating: "0123456789abcdef", count: 4)
  static let start = "GET /media/\(sha) HTTP/1.1\r\n"

  static func read(_ text: String) -> RawMediaRequest.Reading {
    Array(text.utf8).withUnsafeBytes(RawMediaRequest.read)
  }

  /// The request NIO's HTTP decoder and HTTPTypes' conversion make of `text`, as the fast path
  /// after them reads it; nil when they make no request of it.
  static func decoded(_ text: String) throws -> MediaRequest? {
    let channel = EmbeddedChannel()
    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder()))
    try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
    defer { _ = try? channel.finish() }
    guard (try? channel.writeInbound(ByteBuffer(string: text))) != nil,
      case .head(let request) = try channel.readInbound(as: HTTPRequestPart.self)
    else { return nil }
    return MediaRequest(request)
  }

  /// Header lines of every kind the fast path reads, in the forms a client may send them: each
  /// read here is read so by the decoder too.
  @Test func readsARequestAsTheDecoderDoes() throws {
    let heads = [
      "", "Host: 127.0.0.1:8080\r\n", "host:127.0.0.1\r\n", "HOST: \t example.org  \r\n",
      "Range: bytes=0-9\r\n", "range:bytes=100-\r\n", "Range: bytes = 5-9 \r\n",
      "Connection: keep-alive\r\n", "connection: Keep-Alive\r\n", "Connection: close\r\n",
      "If-None-Match: \"abc\"\r\n", "If-Range: \"x\"\r\nRange: bytes=1-2\r\n",
      "Cookie: exhibit_session=\(String(repeating: "ab", count: 32))\r\n",
      "Cookie: a=1\r\nCookie: b=2; exhibit_session=zz\r\n", "Content-Length: 0\r\n",
      "User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nAccept: */*\r\nAccept-Encoding: identity\r\n",
      "X-Empty:\r\n", "X-Tabbed:\tvalue\twith tab\t\r\n",
    ]
    for method in ["GET", "HEAD"] {
      for head in heads {
        let text = "\(method) /media/\(Self.sha) HTTP/1.1\r\n\(head)\r\n"
        guard case .media(let request, let length) = Self.read(text) else {
          Issue.record("not read: \(text.debugDescription)")
          continue
        }
        #expect(length == text.utf8.count, "\(text.debugDescription)")
        #expect(try Self.decoded(text) == request, "\(text.debugDescription)")
      }
    }
  }

  /// A head still arriving is incomplete wherever it is cut; the next request's bytes after it
  /// are not read with it.
  @Test func aHeadCutAnywhereIsIncomplete() {
    let text = Self.start + "Host: 127.0.0.1\r\nRange: bytes=0-9\r\n\r\n"
    for cut in 0..<text.utf8.count {
      let prefix = String(decoding: Array(text.utf8)[..<cut], as: UTF8.self)
      #expect(Self.read(prefix) == .incomplete, "\(prefix.debugDescription)")
    }
    guard case .media(_, let length) = Self.read(text + "GET / HTTP/1.1\r\n") else {
      Issue.record("a head followed by another was not read")
      return
    }
    #expect(length == text.utf8.count)
  }

  /// Everything else goes to the decoder: other methods, targets and versions, a body, a field
  /// given twice, folded or malformed lines, bytes the decoder reads its own way, a head too long.
  @Test func leavesEveryOtherRequestToTheDecoder() {
    let others = [
      "POST /media/\(Self.sha) HTTP/1.1\r\n\r\n", "get /media/\(Self.sha) HTTP/1.1\r\n\r\n",
      "GET /media/\(Self.sha.uppercased()) HTTP/1.1\r\n\r\n", "GET /media/\(Self.sha)?x=1 HTTP/1.1\r\n\r\n",
      "GET /media/\(Self.sha)/ HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\n\r\n",
      "GET /api/session HTTP/1.1\r\n\r\n",
      "GET http://127.0.0.1/media/\(Self.sha) HTTP/1.1\r\n\r\n", "GET /media/\(Self.sha) HTTP/1.0\r\n\r\n",
      "GET  /media/\(Self.sha) HTTP/1.1\r\n\r\n", "GET /media/\(Self.sha) HTTP/1.1\n\n",
      Self.start + "Content-Length: 5\r\n\r\nhello", Self.start + "Transfer-Encoding: chunked\r\n\r\n",
      Self.start + "Expect: 100-continue\r\n\r\n", Self.start + "Upgrade: h2c\r\n\r\n",
      Self.start + "Host: a\r\nHost: b\r\n\r\n", Self.start + "Range: bytes=0-1\r\nRange: bytes=2-3\r\n\r\n",
      Self.start + "Connection: keep-alive\r\nConnection: close\r\n\r\n",
      Self.start + "X-Folded: one\r\n two\r\n\r\n", Self.start + "No colon here\r\n\r\n",
      Self.start + ": no name\r\n\r\n", Self.start + "Bad Name: x\r\n\r\n",
      Self.start + "X: a\u{7F}b\r\n\r\n",
      Self.start + "X: a\u{01}b\r\n\r\n", Self.start + "X: caf\u{E9}\r\n\r\n", Self.start + "X: a\nb\r\n\r\n",
      Self.start + "X: a\rb\r\n\r\n", Self.start + String(repeating: "X-Pad: 0123456789\r\n", count: 500),
      Self.start + String(repeating: "X: 1\r\n", count: RawMediaRequest.maximumFields + 1) + "\r\n",
    ]
    for text in others {
      #expect(Self.read(text) == .other, "\(text.debugDescription)")
    }
  }
}
