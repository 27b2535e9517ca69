import Foundation

/// One TCP connection to a test server, written to and read as bytes: what an HTTP client
/// library will not do, such as sending several requests before reading any answer.
enum RawConnection {
  struct Failed: Error, CustomStringConvertible {
    let description: String
  }

  /// A socket connected to 127.0.0.1:`port`, whose reads and writes give up after `seconds`.
  static func connected(port: Int, seconds: Int) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failed(description: "socket: \(errno)") }
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let code = errno
      close(descriptor)
      throw Failed(description: "connect: \(code)")
    }
    return descriptor
  }

  /// Sends `text` to 127.0.0.1:`port` in one write and reads until the server closes the
  /// connection (or a minute passes with nothing to read); the answer as Latin-1 text.
  static func exchange(port: Int, _ text: String) throws -> String {
    let descriptor = try connected(port: port, seconds: 60)
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw Failed(description: "send: \(errno)") }
      sent += count
    }
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      answer += buffer[..<count]
    }
    return String(answer.map { Character(Unicode.Scalar($0)) })
  }
}

extension RawConnection {
  /// Sends `text` to 127.0.0.1:`port` as far as the server takes it (a refused or reset send
  /// ends the sending, never the test process), calls `meanwhile`, waits without reading until
  /// the server closes the connection or `seconds` pass, then reads what was sent.
  /// - Returns: The bytes read, as Latin-1 text, and whether the server closed the connection.
  static func flood(port: Int, _ text: String, seconds: Int = 30, meanwhile: () throws -> Void) throws -> (
    answer: String, closed: Bool
  ) {
    let descriptor = try connected(port: port, seconds: seconds)
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { break }
      sent += count
    }
    try meanwhile()
    // Nothing is read until the server closes its side (or `seconds` pass): a client that never
    // reads its answers.
    let peerClosed = Int16(0x2000)  // POLLRDHUP, which Glibc's module does not export
    var waiting = pollfd(fd: descriptor, events: peerClosed, revents: 0)
    let hungUp =
      poll(&waiting, 1, Int32(seconds * 1000)) == 1 && waiting.revents & (peerClosed | Int16(POLLHUP)) != 0
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    var closed = false
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count == 0 || (count < 0 && errno == ECONNRESET) {
        closed = true
        break
      }
      guard count > 0 else { break }
      answer += buffer[..<count]
    }
    return (String(answer.map { Character(Unicode.Scalar($0)) }), closed && hungUp)
  }
}

extension RawConnection {
  /// ``exchange(port:_:)`` on a thread of its own: a blocking read on one of Swift's few
  /// cooperative threads can starve the in-process server's routes, which run there too.
  static func exchangeOffThePool(port: Int, _ text: String) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result { try exchange(port: port, text) }) }
    }
  }
}

extension RawConnection {
  /// Sends `request` on a connection of its own, reads `before` bytes of the answer, calls
  /// `meanwhile`, then reads until the server closes the connection or a minute passes with
  /// nothing to read.
  /// - Returns: How many bytes were read in all, the first of them (up to 1 KiB, as Latin-1
  ///   text), and whether the server closed the connection.
  static func read(
    port: Int, _ request: String, before: Int = 0, meanwhile: () throws -> Void = {}
  ) throws -> (count: Int, start: String, closed: Bool) {
    let descriptor = try connected(port: port, seconds: 60)
    defer { close(descriptor) }
    let bytes = Array(request.utf8)
    guard bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == bytes.count else {
      throw Failed(description: "send: \(errno)")
    }
    var buffer = [UInt8](repeating: 0, count: 65536)
    var total = 0
    var start: [UInt8] = []
    var calledBack = false
    while true {
      if !calledBack && total >= before {
        try meanwhile()
        calledBack = true
      }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      let text = { String(start.map { Character(Unicode.Scalar($0)) }) }
      if count == 0 || (count < 0 && errno == ECONNRESET) { return (total, text(), true) }
      guard count > 0 else { return (total, text(), false) }
      start += buffer[..<min(count, 1024 - start.count)]
      total += count
    }
  }
}

extension RawConnection {
  /// ``read(port:_:before:meanwhile:)`` on a thread of its own, as
  /// ``exchangeOffThePool(port:_:)`` is.
  static func readOffThePool(
    port: Int, _ request: String, before: Int = 0, meanwhile: @escaping @Sendable () throws -> Void = {}
  ) async throws -> (count: Int, start: String, closed: Bool) {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          with: Result { try read(port: port, request, before: before, meanwhile: meanwhile) })
      }
    }
  }
}

extension RawConnection {
  /// Sends `request` on one connection again and again, each time as soon as the whole answer
  /// before it (head and `Content-Length` bytes) has been read, for `seconds` of wall time, on a
  /// thread of its own (the server's event loops answer, not the cooperative pool the test's
  /// tasks wait on, so a busy test run stretches no gap between requests).
  /// - Returns: The answers' status lines, and whether the server closed the connection first.
  static func askRepeatedlyOffThePool(port: Int, _ request: String, seconds: Double) async throws -> (
    statuses: [String], closedEarly: Bool
  ) {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(with: Result { try askRepeatedly(port: port, request, seconds: seconds) })
      }
    }
  }

  private static func askRepeatedly(port: Int, _ request: String, seconds: Double) throws -> (
    statuses: [String], closedEarly: Bool
  ) {
    let descriptor = try connected(port: port, seconds: 60)
    defer { close(descriptor) }
    let bytes = Array(request.utf8)
    let end = Date().addingTimeInterval(seconds)
    var statuses: [String] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    var unread: [UInt8] = []
    while Date() < end {
      guard bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, 0) }) == bytes.count else {
        return (statuses, true)
      }
      // One answer: its head, then as many bytes as it says.
      var answer: (head: String, length: Int)?
      while true {
        if answer == nil, let blank = unread.firstRange(of: [13, 10, 13, 10]) {
          let head = String(decoding: unread[..<blank.lowerBound], as: UTF8.self)
          let length =
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
          answer = (head, length)
          unread.removeSubrange(..<blank.upperBound)
        }
        if let answer, unread.count >= answer.length {
          unread.removeSubrange(..<answer.length)
          // The status line ("\r\n" is one Character).
          statuses.append(answer.head.split(separator: "\r\n").first.map(String.init) ?? "")
          break
        }
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return (statuses, true) }
        unread += buffer[..<count]
      }
    }
    return (statuses, false)
  }
}
