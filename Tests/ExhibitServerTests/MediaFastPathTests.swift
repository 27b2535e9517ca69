import ExhibitKit
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import ExhibitServer

/// ``MediaFastPath`` answers a recording's bytes from the connection's pipeline: byte for byte
/// and header for header what the route answers, and only when that answer is a 200 or a 206.
@Suite struct MediaFastPathTests {
  /// The requests a player makes, each answered by the route (no sockets) and then by the fast
  /// path (over a socket, after one request warmed it): the same status, body and headers.
  @Test func answersAsTheRouteDoes() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    let size = try Data(contentsOf: workspace.root.appendingPathComponent(ServerWorkspace.voiceOverPath))
      .count
    let requests: [(HTTPRequest.Method, HTTPFields)] = [
      (.get, [:]), (.head, [:]), (.get, [.range: "bytes=0-9"]), (.get, [.range: "bytes=100-"]),
      (.get, [.range: "bytes=-500"]), (.get, [.range: "bytes=\(size - 1)-\(size + 50)"]),
      (.head, [.range: "bytes=10-19"]), (.get, [.range: "bytes=0-1,4-5"]), (.get, [.range: "BYTES = 5-9"]),
      (.get, [.range: "bytes=0-9", .ifRange: "\"other\""]),
      (.get, [.range: "bytes=0-9", .ifRange: "\"\(sha)\""]),
      // A revalidation naming other versions is answered in full by both.
      (.get, [.range: "bytes=0-9", .ifNoneMatch: "\"other\""]), (.get, [.ifNoneMatch: "\"a\", \"b\""]),
    ]
    let cookie = "exhibit_session=" + String(repeating: "ab", count: 32)
    let routed = try await workspace.serve(workspace.settings(), over: .router) { client, _ in
      var answers: [TestResponse] = []
      for (method, fields) in requests {
        var headers = fields
        headers[.cookie] = cookie
        answers.append(try await client.execute(uri: "/media/\(sha)", method: method, headers: headers))
      }
      return answers
    }
    // On one connection, after a request the application answered (which warmed the fast
    // path): answered after NIO's decoder.
    let (decoded, answered, fromBytes) = try await workspace.serve(workspace.settings(), over: .live) {
      client, server in
      let browser = LiveBrowser(port: try #require(client.port), cookie: cookie)
      _ = try await browser.request("/media/\(sha)")
      let before = server.mediaFastPathAnswers
      var answers: [LiveBrowser.Answer] = []
      for (method, headers) in requests {
        answers.append(try await browser.request("/media/\(sha)", method: method, headers: headers))
      }
      try await browser.close()
      // Every answer was sent from the one descriptor kept open for the recording.
      #expect(server.openMediaFiles.count == 1)
      return (answers, server.mediaFastPathAnswers - before, server.mediaFastPathAnswersFromBytes)
    }
    // Every one of them, the ones answered in full (several ranges, a header it cannot read) too.
    #expect(answered == requests.count)
    #expect(fromBytes == 0, "a connection the application served was answered from its bytes")
    // Each on a connection of its own: answered from the connection's bytes.
    let (raw, rawAnswered) = try await workspace.serve(workspace.settings(), over: .live) { client, server in
      let port = try #require(client.port)
      let warming = LiveBrowser(port: port, cookie: cookie)
      _ = try await warming.request("/media/\(sha)")
      try await warming.close()
      let before = server.mediaFastPathAnswersFromBytes
      var answers: [LiveBrowser.Answer] = []
      for (method, headers) in requests {
        let browser = LiveBrowser(port: port, cookie: cookie)
        answers.append(try await browser.request("/media/\(sha)", method: method, headers: headers))
        try await browser.close()
      }
      return (answers, server.mediaFastPathAnswersFromBytes - before)
    }
    #expect(rawAnswered == requests.count)
    for ((request, route), path) in Array(zip(zip(requests, routed), decoded))
      + zip(zip(requests, routed), raw)
    {
      let label = "\(request.0) \(request.1)"
      #expect(path.status == route.status, "\(label)")
      #expect(path.body == route.body, "\(label)")
      #expect(Self.comparable(path.headers) == Self.comparable(route.headers), "\(label)")
      // Hummingbird's responder adds these over a socket only.
      #expect(
        path.headers[.server] == "Exhibit" && path.headers[.date]?.hasSuffix(" GMT") == true, "\(label)")
    }
    #expect(routed[2].status == .partialContent && routed[2].body.readableBytes == 10)
  }

  /// The fast path holds a request to the server's rules (``RequestRules``) as the middleware
  /// does: a safety header changed in the settings alone is on a page's answer and on the fast
  /// path's, and a host the rules refuse is refused (421) with the fast path answering nothing.
  @Test func followsTheServersRulesWhenOneChanges() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    var settings = workspace.settings()
    let permissions = try #require(HTTPField.Name("Permissions-Policy"))
    settings.safetyHeaders[.xFrameOptions] = "SAMEORIGIN"
    settings.safetyHeaders[permissions] = "camera=()"
    try await workspace.serve(settings, over: .live) { client, server in
      let port = try #require(client.port)
      let browser = LiveBrowser(port: port, cookie: "exhibit_session=" + String(repeating: "cd", count: 32))
      let page = try await browser.request("/")
      _ = try await browser.request("/media/\(sha)")
      let before = server.mediaFastPathAnswers
      let media = try await browser.request("/media/\(sha)", headers: [.range: "bytes=0-9"])
      #expect(media.status == .partialContent && server.mediaFastPathAnswers == before + 1)
      for (label, answer) in [("page", page), ("fast path", media)] {
        #expect(answer.headers[.xFrameOptions] == "SAMEORIGIN", "\(label)")
        #expect(answer.headers[permissions] == "camera=()", "\(label)")
        #expect(answer.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true, "\(label)")
      }
      // Another port on the loopback: the rules' host guard refuses it on both paths.
      let misdirected = try await browser.request(
        "/media/\(sha)", headers: [.range: "bytes=0-9"], authority: "127.0.0.1:\(port + 1)")
      #expect(misdirected.status == .misdirectedRequest)
      #expect(misdirected.headers[.xFrameOptions] == "SAMEORIGIN")
      #expect(server.mediaFastPathAnswers == before + 1)
      try await browser.close()
    }
  }

  /// A browser without a session gets one from the fast path too, shaped as the route makes it.
  @Test func givesANewBrowserASessionCookie() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve(workspace.settings(), over: .live) { client, server in
      // Two browsers, neither of which has a session yet: the first warms the path.
      var cookies: [String] = []
      for _ in 0..<2 {
        let browser = LiveBrowser(port: try #require(client.port))
        let answer = try await browser.request("/media/\(sha)", headers: [.range: "bytes=0-9"])
        #expect(answer.status == .partialContent)
        cookies.append(answer.headers[.setCookie] ?? "")
        try await browser.close()
      }
      #expect(server.mediaFastPathAnswers == 1)
      for cookie in cookies {
        let parts = cookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
          parts.first.map { SessionTokens.isWellFormed(String($0.dropFirst("exhibit_session=".count))) }
            == true)
        #expect(Set(parts.dropFirst()) == ["Path=/", "HttpOnly", "SameSite=Strict"])
      }
      #expect(cookies[0] != cookies[1])
    }
  }

  /// Once warm, the fast path still leaves 304 (its own tag or `*`), 416, 404, 409 and 410 to
  /// the route.
  @Test func leavesEveryOtherAnswerToTheRoute() async throws {
    let workspace = try ServerWorkspace(fresh: true)  // it changes and removes a recording
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    let file = workspace.root.appendingPathComponent(ServerWorkspace.voiceOverPath)
    try await workspace.serve(workspace.settings(), over: .live) { client, server in
      let browser = LiveBrowser(port: try #require(client.port))
      #expect(try await browser.request("/media/\(sha)").status == .ok)
      #expect(
        try await browser.request("/media/\(sha)", headers: [.range: "bytes=0-9"]).status == .partialContent)
      let warm = server.mediaFastPathAnswers
      #expect(warm == 1)
      #expect(
        try await browser.request("/media/\(sha)", headers: [.ifNoneMatch: "\"\(sha)\""]).status
          == .notModified)
      #expect(try await browser.request("/media/\(sha)", headers: [.ifNoneMatch: "*"]).status == .notModified)
      let past = try await browser.request("/media/\(sha)", headers: [.range: "bytes=99999999-"])
      #expect(past.status == .rangeNotSatisfiable)
      #expect(try await browser.request("/media/" + String(repeating: "0", count: 64)).status == .notFound)
      #expect(try await browser.request("/media/\(sha.uppercased())").status == .notFound)
      #expect(server.mediaFastPathAnswers == warm)

      let handle = try FileHandle(forWritingTo: file)
      try handle.seekToEnd()
      try handle.write(contentsOf: Data("appended".utf8))
      try handle.close()
      let changed = try await browser.request("/media/\(sha)", headers: [.range: "bytes=0-9"])
      #expect(changed.status == .conflict)
      #expect(changed.text.contains("changed since it was catalogued"))
      try FileManager.default.removeItem(at: file)
      #expect(try await browser.request("/media/\(sha)", headers: [.range: "bytes=0-9"]).status == .gone)
      #expect(server.mediaFastPathAnswers == warm)
      try await browser.close()
    }
  }

  /// A file swapped for a symbolic link, or for another file with the catalogued size and
  /// modification time, is not the file catalogued: neither path sends it. A recording that could
  /// not be read (`error`) is never served, whatever is put at its path later.
  @Test func aSwappedFileOrALinkIsNotSentAndNeitherIsAnUnreadableRecording() async throws {
    let key = String(repeating: "k", count: 4096)  // stands for the workspace's signing key
    let workspace = try ServerWorkspace(fresh: true)
    try Data(repeating: 0x1A, count: 4096).write(
      to: workspace.root.appendingPathComponent("Media/decoy.webm"))
    #expect(try workspace.run("catalog", "Media", mayFail: true).status == 1)
    let secret = workspace.root.appendingPathComponent("secret.txt")
    try Data(key.utf8).write(to: secret)
    let decoy = workspace.root.appendingPathComponent("Media/decoy.webm")
    let decoySHA = try workspace.sha256(of: "Media/decoy.webm")
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    let file = workspace.root.appendingPathComponent(ServerWorkspace.voiceOverPath)
    let modified = try #require(
      try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
    try await workspace.serve(workspace.settings(), over: .live) { client, server in
      let browser = LiveBrowser(port: try #require(client.port))
      // The decoy: an unreadable recording, then a link to the secret with its size and time.
      #expect(try await browser.request("/media/\(decoySHA)").status == .notFound)
      try FileManager.default.setAttributes(
        [
          .modificationDate: try FileManager.default.attributesOfItem(atPath: decoy.path)[.modificationDate]
            as Any
        ],
        ofItemAtPath: secret.path)
      try FileManager.default.removeItem(at: decoy)
      try FileManager.default.createSymbolicLink(at: decoy, withDestinationURL: secret)
      let decoyAnswer = try await browser.request("/media/\(decoySHA)")
      #expect(decoyAnswer.status == .notFound)
      #expect(!decoyAnswer.text.contains(key))

      // A recording served once, so the fast path knows it; then a link to a copy with the same
      // size and time put in its place: refused by both paths.
      #expect(try await browser.request("/media/\(sha)").status == .ok)
      #expect(
        try await browser.request("/media/\(sha)", headers: [.range: "bytes=0-9"]).status == .partialContent)
      let answered = server.mediaFastPathAnswers
      let copy = workspace.root.appendingPathComponent("copy.webm")
      try FileManager.default.copyItem(at: file, to: copy)
      try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: copy.path)
      try FileManager.default.removeItem(at: file)
      try FileManager.default.createSymbolicLink(at: file, withDestinationURL: copy)
      #expect(try await browser.request("/media/\(sha)", headers: [.range: "bytes=0-9"]).status == .gone)
      // The copy itself moved into place: same bytes, size and time, another inode.
      try FileManager.default.removeItem(at: file)
      try FileManager.default.moveItem(at: copy, to: file)
      try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
      let moved = try await browser.request("/media/\(sha)", headers: [.range: "bytes=0-9"])
      #expect(moved.status == .conflict)
      #expect(server.mediaFastPathAnswers == answered)
      try await browser.close()
    }
  }

  /// With accounts, only a session signed in as a reader is answered, and signing out ends it at
  /// once.
  @Test func servesOnlyASignedInSessionAndForgetsItOnSignOut() async throws {
    let workspace = try ServerWorkspace(fresh: true)  // it adds an account
    try await workspace.addAccount("rita", role: .reviewer)
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve(workspace.settings(accounts: true), over: .live) {
      (client: any TestClientProtocol, server: WebServer) async throws -> Void in
      let browser = LiveBrowser(port: try #require(client.port))
      #expect(try await browser.request("/media/\(sha)").status == .unauthorized)
      #expect(try await browser.request("/media/\(sha)").status == .unauthorized)
      #expect(server.mediaFastPathAnswers == 0)
      let signIn = try await browser.post(
        "/signin", form: [("name", "rita"), ("password", "a long enough password"), ("next", "/")])
      #expect(signIn.status == .seeOther)
      // The route grants the session for a second (ReaderGrants.lifetime); the request after it
      // is the fast path's. On a machine too busy to send the next one within that second the
      // route answers and grants again, so a few tries are allowed.
      var tries = 0
      while server.mediaFastPathAnswers == 0, tries < 10 {
        #expect(
          try await browser.request("/media/\(sha)", headers: [.range: "bytes=0-9"]).status == .partialContent
        )
        tries += 1
      }
      #expect(server.mediaFastPathAnswers == 1, "after \(tries) requests")
      #expect(try await browser.post("/signout", form: []).status == .seeOther)
      #expect(
        try await browser.request("/media/\(sha)", headers: [.range: "bytes=0-9"]).status == .unauthorized)
      #expect(server.mediaFastPathAnswers == 1)
      try await browser.close()
    }
  }

  /// A connection that pipelines thousands of requests for a recording and does not read the
  /// answers gets one answer in flight and a short queue, then is closed; others are served
  /// meanwhile.
  @Test func aClientThatPipelinesWithoutReadingIsCutOff() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    var settings = workspace.settings()
    settings.idleTimeout = .seconds(1)
    try await workspace.serve(settings, over: .live) { client, server in
      let port = try #require(client.port)
      let request = "GET /media/\(sha) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
      _ = try await RawConnection.exchangeOffThePool(
        port: port, request.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n"))
      let before = server.mediaFastPathAnswers
      // Blocking sockets, on a thread of their own: the server's routes need the cooperative pool.
      let (answer, closed, served, unread) = try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
          continuation.resume(
            with: Result {
              var served = ""
              var unread = 0
              let (answer, closed) = try RawConnection.flood(
                port: port, String(repeating: request, count: 2000)
              ) {
                served = try RawConnection.exchange(
                  port: port,
                  "GET /api/session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
                unread = server.mediaFastPathAnswers - before
              }
              return (answer, closed, served, unread)
            })
        }
      }
      #expect(served.hasPrefix("HTTP/1.1 200 OK"), "another client was not served during the flood")
      #expect(closed, "the server kept the flooding connection open")
      // What the socket buffers hold of 33 KB answers, not two thousand files opened at once.
      #expect(unread < 400, "\(unread) answers were made for a client that had read none")
      let answered = answer.matches(of: /HTTP\/1\.1 200 OK\r\n/).count
      #expect(answered < 400, "\(answered) answers were sent")
    }
  }

  /// A recording cut short while the fast path sends it ends its answer: the connection is
  /// closed once the file no longer holds the bytes being sent, rather than the server trying
  /// to send what is not there until the connection times out.
  @Test func aFileCutShortWhileBeingSentEndsTheAnswer() async throws {
    let padding = 24 << 20  // far more than the sockets' buffers hold
    let workspace = try ServerWorkspace { root in
      let file = try FileHandle(forWritingTo: root.appendingPathComponent(ServerWorkspace.voiceOverPath))
      try file.seekToEnd()
      try file.write(contentsOf: Data(count: padding))
      try file.close()
    }
    let path = workspace.root.appendingPathComponent(ServerWorkspace.voiceOverPath).path
    let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    var settings = workspace.settings()
    settings.idleTimeout = .seconds(120)  // the stall check would close it, much later
    try await workspace.serve(settings, over: .live) { client, server in
      let port = try #require(client.port)
      let request = "GET /media/\(sha) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
      _ = try await RawConnection.exchangeOffThePool(
        port: port, request + "Range: bytes=0-9\r\nConnection: close\r\n\r\n")
      let before = server.mediaFastPathAnswers
      let fromBytes = server.mediaFastPathAnswersFromBytes
      let (count, _, closed) = try await RawConnection.readOffThePool(
        port: port, request + "\r\n", before: 1 << 20
      ) {
        guard truncate(path, off_t(1 << 20)) == 0 else {
          throw RawConnection.Failed(description: "truncate: \(errno)")
        }
      }
      #expect(server.mediaFastPathAnswers == before + 1, "the fast path did not send the answer")
      #expect(server.mediaFastPathAnswersFromBytes == fromBytes + 1, "the answer was not made from the bytes")
      #expect(closed, "the connection was left open")
      #expect(count < size, "\(count) bytes read of a file cut to 1 MiB from \(size)")
      #expect(server.mediaFastPathAnswersCutShort == 1, "the answer was not ended for the cut")
    }
  }

  /// Requests sent back to back on one connection are answered in the order sent, whichever
  /// path answers each; a request for another host is refused as by the route.
  @Test func answersPipelinedRequestsInOrder() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    try await workspace.serve(workspace.settings(), over: .live) { client, server in
      let port = try #require(client.port)
      let host = "Host: 127.0.0.1:\(port)\r\n"
      let media = "GET /media/\(sha) HTTP/1.1\r\n\(host)Range: bytes=0-3\r\n\r\n"
      // The first warms the fast path; then the API and the recording in turns.
      _ = try await RawConnection.exchangeOffThePool(
        port: port, media.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n"))
      let before = server.mediaFastPathAnswers
      let fromBytes = server.mediaFastPathAnswersFromBytes
      let answer = try await RawConnection.exchangeOffThePool(
        port: port,
        media + "GET /api/session HTTP/1.1\r\n\(host)\r\n" + media
          + "GET /api/components HTTP/1.1\r\n\(host)\r\n"
          + media
          + "GET /media/\(sha) HTTP/1.1\r\nHost: elsewhere.example\r\nRange: bytes=0-3\r\nConnection: close\r\n\r\n"
      )
      // Each answer's status line, wherever the one before it (whose body has no line end) ends.
      let statuses = answer.matches(of: /HTTP\/1\.1 [0-9]{3} [A-Za-z ]+\r\n/).map {
        String(answer[$0.range].dropLast())  // "\r\n" is one Character
      }
      #expect(
        statuses == [
          "HTTP/1.1 206 Partial Content", "HTTP/1.1 200 OK", "HTTP/1.1 206 Partial Content",
          "HTTP/1.1 200 OK",
          "HTTP/1.1 206 Partial Content", "HTTP/1.1 421 Misdirected Request",
        ])
      #expect(answer.contains("\"csrf_token\""))
      // The first is answered at once, from the connection's bytes; the rest wait behind the
      // API's answers, after the decoder.
      #expect(server.mediaFastPathAnswers - before >= 1)
      #expect(server.mediaFastPathAnswersFromBytes - fromBytes == 1)
      // A request to close the connection after its answer is left to Hummingbird, which does.
      let closing = server.mediaFastPathAnswers
      let (_, start, closed) = try await RawConnection.readOffThePool(
        port: port, media.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n"))
      // Closed by the server, rather than left open until the read gives up after a minute.
      #expect(start.hasPrefix("HTTP/1.1 206 Partial Content") && closed)
      #expect(server.mediaFastPathAnswers == closing)
    }
  }
}

extension MediaFastPathTests {
  /// A connection answered from its bytes alone is held to the idle timeout as every other is:
  /// kept open while it asks (well past the timeout from its start), closed once it has asked
  /// nothing for that long.
  @Test func aConnectionAnsweredFromItsBytesKeepsTheIdleTimeout() async throws {
    let workspace = try ServerWorkspace()
    let sha = try workspace.sha256(of: ServerWorkspace.voiceOverPath)
    var settings = workspace.settings()
    settings.idleTimeout = .seconds(2)
    try await workspace.serve(settings, over: .live) { client, server in
      let port = try #require(client.port)
      let media = "GET /media/\(sha) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nRange: bytes=0-3\r\n\r\n"
      _ = try await RawConnection.exchangeOffThePool(
        port: port, media.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n"))
      let before = server.mediaFastPathAnswersFromBytes
      // Asked back to back for longer than the timeout, from the connection's start.
      let (statuses, closedEarly) = try await RawConnection.askRepeatedlyOffThePool(
        port: port, media, seconds: 3)
      #expect(!closedEarly, "closed after \(statuses.count) answers")
      #expect(!statuses.isEmpty && statuses.allSatisfy { $0 == "HTTP/1.1 206 Partial Content" })
      let asked = server.mediaFastPathAnswersFromBytes - before
      #expect(asked == statuses.count)
      // Asked nothing after its answer, the connection is closed (rather than read until the
      // client gives up after a minute).
      let (_, start, closed) = try await RawConnection.readOffThePool(port: port, media)
      #expect(start.hasPrefix("HTTP/1.1 206 Partial Content") && closed)
      #expect(server.mediaFastPathAnswersFromBytes - before == asked + 1)
    }
  }

  /// Headers both paths must agree on, in any order: all but the date, a new session's cookie and
  /// the server's name (which only a socket's answers carry).
  static func comparable(_ headers: HTTPFields) -> [String] {
    headers.filter { ![.date, .setCookie, .server].contains($0.name) }.map { "\($0.name): \($0.value)" }
      .sorted()
  }
}
