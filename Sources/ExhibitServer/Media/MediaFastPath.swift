import ExhibitKit
import Foundation
import HTTPTypes
import NIOCore
import Synchronization

/// A recording's bytes sent straight from the connection's pipeline (``MediaFastPathHandler``),
/// with `sendfile`, when the answer is certain to be a 200 or a 206: the recording was served
/// before at this database version, the visitor may read, and the file on disk is still the one
/// catalogued. Every other request, and every other answer (304, 404, 409, 410, 416, a new
/// session's cookie in accounts mode), goes on to ``MediaRoutes`` as before.
///
/// The answer is the route's to the byte: the same status, headers (the safety headers, `Date`
/// and `Server` included) and body. What it saves is the application's hops from the event loop
/// to a task, the thread pool and back, the router and middleware, and copying the bytes through
/// user space.
struct MediaFastPath: Sendable {
  let stores: CataloguePool
  /// The server's rules, the ones its middleware applies (hosts, who may read, safety headers).
  let rules: RequestRules
  /// How many requests this path has answered.
  let answered: Count
  /// How many of those ``RawMediaHandler`` answered from a connection's bytes, before NIO's
  /// HTTP decoder read them.
  let answeredFromBytes: Count
  /// How many of its answers were stopped because the file was cut short while being sent.
  let cutShort: Count
  /// The recordings' descriptors kept open between answers.
  let files: OpenMediaFiles

  /// A count shared by the event loops, kept without a lock.
  final class Count: Sendable {
    private let count = Atomic<Int>(0)
    /// The count now.
    var value: Int { count.load(ordering: .relaxed) }
    func add() { count.add(1, ordering: .relaxed) }
  }

  /// The fields every answer carries, made from ``rules``.
  let fixedFields: MediaAnswerFields

  init(
    stores: CataloguePool, rules: RequestRules, answered: Count, answeredFromBytes: Count, cutShort: Count,
    files: OpenMediaFiles
  ) {
    self.stores = stores
    self.rules = rules
    self.answered = answered
    self.answeredFromBytes = answeredFromBytes
    self.cutShort = cutShort
    self.files = files
    fixedFields = MediaAnswerFields(rules: rules)
  }

  /// A 200 or 206 ready to write: its head, and the open file with the bytes to send.
  struct Answer {
    let status: HTTPResponse.Status
    /// The fields set for this recording and this request.
    let ownFields: HTTPFields
    /// The fields every answer carries, after those.
    let fixedFields: MediaAnswerFields
    /// The file, open and checked, lent for this answer; whoever writes the answer calls
    /// ``finished()`` once it is out.
    let lease: OpenMediaFiles.Lease
    /// The bytes to send; nil for HEAD.
    let region: FileRegion?

    /// The open file the body is read from.
    var file: NIOFileHandle { lease.file }

    /// The answer is out, or failed: its file goes back to the keeper.
    func finished() { lease.end() }

    /// Every header field of the answer.
    var headers: HTTPFields {
      var headers = ownFields
      headers.append(contentsOf: fixedFields.fields)
      return headers
    }

    /// Writes the answer's head as HTTP/1.1 puts it on the wire, as NIO's encoder would.
    func writeHead(into buffer: inout ByteBuffer) {
      buffer.writeStaticString("HTTP/1.1 ")
      buffer.writeString(String(status.code))
      buffer.writeStaticString(" ")
      buffer.writeString(status.reasonPhrase)
      buffer.writeStaticString("\r\n")
      for field in ownFields {
        buffer.writeString(field.name.rawName)
        buffer.writeStaticString(": ")
        buffer.writeString(field.value)
        buffer.writeStaticString("\r\n")
      }
      buffer.writeBytes(fixedFields.bytes)
      buffer.writeStaticString("\r\n")
    }
  }

  /// The answer to `request` if this path can give it, with the file opened; nil to leave the
  /// request to the application.
  func answer(_ request: HTTPRequest) -> Answer? {
    MediaRequest(request).flatMap(answer)
  }

  /// The answer to `request` if this path can give it, with the file opened; nil to leave the
  /// request to the application.
  func answer(_ request: MediaRequest) -> Answer? {
    if let authority = request.authority, !rules.hosts.accepts(authority) { return nil }
    // A request to close the connection after the answer is Hummingbird's to honour.
    if let connection = request.connection, connection.lowercased() != "keep-alive" { return nil }
    guard let version = try? stores.recentDataVersion(),
      let cached = stores.cachedEntry(
        ServedMedia.cacheKey(request.sha256), at: version, as: ServedMedia?.self),
      let media = cached
    else { return nil }
    // A conditional request the route answers 304 (its rule: this version's tag, or `*`) is
    // left to it; one naming other versions gets the bytes, as from the route.
    if let match = request.ifNoneMatch, match == media.etag || match == "*" { return nil }
    guard
      case .allowed(let setCookie) = rules.quickRead(
        session: Self.sessionCookie(request.cookies), version: version)
    else { return nil }
    var range = ByteRange(header: request.range, length: media.file.size)
    if let ifRange = request.ifRange, ifRange != media.etag { range = .whole }
    let bytes: ClosedRange<Int64>
    switch range {
    case .unsatisfiable: return nil
    case .whole: bytes = 0...(media.file.size - 1)
    case .partial(let part): bytes = part
    }
    guard media.file.size > 0, let lease = files.lend(media.file) else { return nil }
    var headers = HTTPFields()
    headers.reserveCapacity(6)
    let replaced = fixedFields.replaced
    func set(_ name: HTTPField.Name, _ value: String) {
      if !replaced.contains(name) { headers.append(HTTPField(name: name, value: value)) }
    }
    set(.contentType, media.contentType)
    set(.eTag, media.etag)
    if case .partial = range {
      set(.contentRange, "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(media.file.size)")
    }
    set(.contentLength, String(bytes.count))
    if let setCookie { set(.setCookie, setCookie) }
    headers.append(HTTPField(name: .date, value: HTTPDateText.now()))
    let region =
      request.isHead
      ? nil
      : FileRegion(
        fileHandle: lease.file, readerIndex: Int(bytes.lowerBound), endIndex: Int(bytes.upperBound) + 1)
    answered.add()
    let status: HTTPResponse.Status
    if case .partial = range { status = .partialContent } else { status = .ok }
    return Answer(status: status, ownFields: headers, fixedFields: fixedFields, lease: lease, region: region)
  }

  /// The SHA-256 in a request target that is exactly `/media/` and 64 lowercase hex digits.
  static func recordingSHA256(_ target: String) -> String? {
    let prefix = "/media/"
    guard target.utf8.count == prefix.utf8.count + 64, target.hasPrefix(prefix) else { return nil }
    let sha = target.utf8.dropFirst(prefix.utf8.count)
    guard sha.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
    return String(Substring(sha))
  }

  /// What the request's cookie headers say of its session: `.some(nil)` when it has no session cookie,
  /// `.some(token)` for exactly one well-formed one, and nil for anything else (two, or a value
  /// that is not 64 hex digits), which the application reads its own way.
  static func sessionCookie(_ cookies: [String]) -> String?? {
    var found: String?
    for header in cookies {
      for pair in header.split(separator: ";") {
        let trimmed = pair.drop { $0 == " " }
        guard trimmed.hasPrefix(SessionTokens.cookieName + "=") else { continue }
        guard found == nil else { return nil }
        found = String(trimmed.dropFirst(SessionTokens.cookieName.count + 1))
      }
    }
    guard let found else { return .some(nil) }
    return SessionTokens.isWellFormed(found) ? .some(found) : nil
  }

  /// Whether `file` now holds fewer than `end` bytes (or cannot be looked at): `sendfile` finds
  /// no bytes past a cut, and NIO would try again as long as the socket takes more.
  static func isCutShort(_ file: NIOFileHandle, before end: Int) -> Bool {
    var status = stat()
    return (try? file.withUnsafeFileDescriptor { fstat($0, &status) == 0 && Int(status.st_size) < end })
      ?? true
  }
}
