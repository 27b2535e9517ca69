import ExhibitKit
import ExhibitModel
import Foundation
import Hummingbird

/// `/media/SHA256` and `/media/SHA256/captions/N.vtt`: a recording's bytes and its caption
/// tracks, found by SHA-256 in the database (never by a path from the request), with single
/// byte ranges so a player can seek at once, and the SHA-256 as the ETag. A recording's bytes
/// asked for again are usually sent by ``MediaFastPath`` before a request reaches this route; it
/// follows these rules and leaves every other answer (304, 404, 409, 410, 416) to this route.
/// With an evidence store, the bytes are streamed from it with the same ranges and answers.
struct MediaRoutes {
  let stores: CataloguePool
  /// The evidence store the bytes are read from; nil for the catalogued paths.
  let storage: (any EvidenceStorage)?

  func register(in groups: RouteGroups) {
    groups.media.get(":sha") { request, context -> Response in
      try await recording(request, context: context)
    }
    groups.media.head(":sha") { request, context -> Response in
      try await recording(request, context: context)
    }
    groups.media.get(":sha/captions/:track") { request, context -> Response in
      let sha = try context.recordingSHA256()
      let name = context.parameters.get("track") ?? ""
      guard name.hasSuffix(".vtt"), let index = Int(name.dropLast(4)), index >= 0 else {
        throw WebError.notFound("a caption track is named N.vtt, N counting from 0")
      }
      let tracks = try await stores.read { try await $0.captionFiles(sha256: sha) }
      guard index < tracks.count else {
        throw WebError.notFound("the recording has \(tracks.count) caption tracks")
      }
      return try await serve(
        tracks[index], kind: .caption, sha256: tracks[index].sha256 ?? "",
        contentType: "text/vtt; charset=utf-8",
        etag: "\"\(sha)-\(index)\"", request: request, context: context)
    }
  }

  private func recording(_ request: Request, context: ExhibitRequestContext) async throws -> Response {
    let sha = try context.recordingSHA256()
    guard
      let media = try await stores.cachedRead(
        ServedMedia.cacheKey(sha), { try await ServedMedia.read(sha, from: $0) })
    else {
      throw WebError.notFound("no file with the recording \(sha) is on disk")
    }
    return try await serve(
      media.file, kind: .recording, sha256: sha, contentType: media.contentType, etag: media.etag,
      request: request, context: context)
  }

  /// The bytes of a catalogued file, from the evidence store when there is one, else from its
  /// path after checking it is still the file catalogued.
  private func serve(
    _ file: MediaFile, kind: StoredObjectKind, sha256: String, contentType: String, etag: String,
    request: Request, context: ExhibitRequestContext
  ) async throws -> Response {
    if let storage {
      return try await answer(size: file.size, contentType: contentType, etag: etag, request: request) {
        range in
        do {
          let chunks = try await storage.read(sha256: sha256, kind: kind, range: range)
          // The whole object is checked against its SHA-256 as it goes: bytes altered in the
          // bucket end the answer with an error instead of finishing as if they were the recording.
          guard range == 0...(file.size - 1) else {
            return ResponseBody(asyncSequence: chunks.map { ByteBuffer(bytes: $0) })
          }
          return ResponseBody(contentLength: Int(file.size)) { writer in
            // The last chunk is held back until the whole is checked, so altered bytes never
            // arrive complete: the answer ends short and the player refuses it.
            var digest = RunningDigest()
            var held: [UInt8]?
            for try await chunk in chunks {
              digest.update(chunk)
              if let held { try await writer.write(ByteBuffer(bytes: held)) }
              held = chunk
            }
            guard digest.hexString() == sha256 else {
              throw WebError(
                .badGateway, "storage",
                "\(URLText.fileName(file.path)): the bucket's bytes are not the catalogued ones")
            }
            if let held { try await writer.write(ByteBuffer(bytes: held)) }
            try await writer.finish(nil)
          }
        } catch let missing as StoredObjectMissing {
          throw WebError(.gone, "missing", "\(URLText.fileName(file.path)): \(missing)")
        } catch let error as WebError {
          throw error
        } catch {
          throw WebError(.badGateway, "storage", "\(URLText.fileName(file.path)): \(error)")
        }
      }
    }
    // Opened without following a symbolic link, and checked on the descriptor: a link or another
    // file put at the path since the catalogue is not served.
    guard let (descriptor, status) = file.openWithoutFollowingLinks(), status.st_mode & S_IFMT == S_IFREG
    else {
      throw WebError(
        .gone, "missing",
        "\(URLText.fileName(file.path)) is no longer on disk; run `exhibit catalog` where it went")
    }
    close(descriptor)
    guard file.isUnchanged(status) else {
      throw WebError(
        .conflict, "changed",
        "\(URLText.fileName(file.path)) changed since it was catalogued; run `exhibit catalog` before playing it"
      )
    }
    return try await answer(size: file.size, contentType: contentType, etag: etag, request: request) {
      range in CatalogedFileBody.body(file, range: range)
    }
  }

  /// The answer to a request for `size` bytes: 304 for a matching `If-None-Match`, 416 for a
  /// range past the end, else 200 with all of them or 206 with a single range, whose bytes
  /// `body` gives (never called for HEAD or an empty file).
  private func answer(
    size: Int64, contentType: String, etag: String, request: Request,
    body: (ClosedRange<Int64>) async throws -> ResponseBody
  ) async throws -> Response {
    var headers: HTTPFields = [
      .contentType: contentType, .acceptRanges: "bytes", .eTag: etag, .cacheControl: "private, max-age=3600",
    ]
    if let match = request.headers[.ifNoneMatch], match == etag || match == "*" {
      return Response(status: .notModified, headers: headers)
    }
    var range = ByteRange(header: request.headers[.range], length: size)
    if let ifRange = request.headers[.ifRange], ifRange != etag { range = .whole }
    switch range {
    case .unsatisfiable:
      headers[.contentRange] = "bytes */\(size)"
      headers[.contentType] = "text/plain; charset=utf-8"
      return Response(
        status: .rangeNotSatisfiable, headers: headers,
        body: ResponseBody(byteBuffer: ByteBuffer(string: "the range is past the end of the \(size) bytes\n"))
      )
    case .whole:
      headers[.contentLength] = String(size)
      guard request.method != .head, size > 0 else { return Response(status: .ok, headers: headers) }
      return Response(status: .ok, headers: headers, body: try await body(0...(size - 1)))
    case .partial(let bytes):
      headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(size)"
      headers[.contentLength] = String(bytes.count)
      guard request.method != .head else { return Response(status: .partialContent, headers: headers) }
      return Response(status: .partialContent, headers: headers, body: try await body(bytes))
    }
  }

  /// The MIME type of a container libavformat named, falling back on the file's extension.
  static func contentType(container: String?, path: String) -> String {
    if let screenshot = ScreenshotFormat(container: container) { return screenshot.contentType }
    let name = container ?? ""
    let ext = (path as NSString).pathExtension.lowercased()
    if name.contains("webm") || name.contains("matroska") {
      return ext == "mkv" ? "video/x-matroska" : "video/webm"
    }
    if name.contains("mp4") || name.contains("mov") { return ext == "mov" ? "video/quicktime" : "video/mp4" }
    if name == "ogg" { return "video/ogg" }
    switch ext {
    case "webm": return "video/webm"
    case "mp4", "m4v": return "video/mp4"
    default: return "application/octet-stream"
    }
  }
}
