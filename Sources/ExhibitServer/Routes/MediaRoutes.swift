import ExhibitKit
import Foundation
import Hummingbird

/// `/media/SHA256` and `/media/SHA256/captions/N.vtt`: a recording's bytes and its caption
/// tracks, found by SHA-256 in the database (never by a path from the request), with single
/// byte ranges so a player can seek at once, and the SHA-256 as the ETag. A recording's bytes
/// asked for again are usually sent by ``MediaFastPath`` before a request reaches this route; it
/// follows these rules and leaves every other answer (304, 404, 409, 410, 416) to this route.
struct MediaRoutes {
  let stores: StorePool
  private let files = FileIO()

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
      let tracks = try await stores.read { try $0.captionFiles(sha256: sha) }
      guard index < tracks.count else {
        throw WebError.notFound("the recording has \(tracks.count) caption tracks")
      }
      return try await serve(
        tracks[index], contentType: "text/vtt; charset=utf-8", etag: "\"\(sha)-\(index)\"", request: request,
        context: context)
    }
  }

  private func recording(_ request: Request, context: ExhibitRequestContext) async throws -> Response {
    let sha = try context.recordingSHA256()
    guard
      let media = try await stores.cachedRead(
        ServedMedia.cacheKey(sha), { try ServedMedia.read(sha, from: $0) })
    else {
      throw WebError.notFound("no file with the recording \(sha) is on disk")
    }
    return try await serve(
      media.file, contentType: media.contentType, etag: media.etag, request: request, context: context)
  }

  /// The file's bytes, whole or a range, after checking it is still the file catalogued.
  private func serve(
    _ file: MediaFile, contentType: String, etag: String, request: Request, context: ExhibitRequestContext
  ) async throws -> Response {
    var status = stat()
    guard stat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw WebError(
        .gone, "missing",
        "\(URLText.fileName(file.path)) is no longer on disk; run `exhibit catalog` where it went")
    }
    guard file.isUnchanged(status) else {
      throw WebError(
        .conflict, "changed",
        "\(URLText.fileName(file.path)) changed since it was catalogued; run `exhibit catalog` before playing it"
      )
    }
    var headers: HTTPFields = [
      .contentType: contentType, .acceptRanges: "bytes", .eTag: etag, .cacheControl: "private, max-age=3600",
    ]
    if let match = request.headers[.ifNoneMatch], match == etag || match == "*" {
      return Response(status: .notModified, headers: headers)
    }
    var range = ByteRange(header: request.headers[.range], length: file.size)
    if let ifRange = request.headers[.ifRange], ifRange != etag { range = .whole }
    switch range {
    case .unsatisfiable:
      headers[.contentRange] = "bytes */\(file.size)"
      headers[.contentType] = "text/plain; charset=utf-8"
      return Response(
        status: .rangeNotSatisfiable, headers: headers,
        body: ResponseBody(
          byteBuffer: ByteBuffer(string: "the range is past the end of the \(file.size) bytes\n")))
    case .whole:
      headers[.contentLength] = String(file.size)
      guard request.method != .head, file.size > 0 else { return Response(status: .ok, headers: headers) }
      return Response(
        status: .ok, headers: headers, body: try await files.loadFile(path: file.path, context: context))
    case .partial(let bytes):
      headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(file.size)"
      headers[.contentLength] = String(bytes.count)
      guard request.method != .head else { return Response(status: .partialContent, headers: headers) }
      let body = try await files.loadFile(
        path: file.path, range: Int(bytes.lowerBound)...Int(bytes.upperBound), context: context)
      return Response(status: .partialContent, headers: headers, body: body)
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
