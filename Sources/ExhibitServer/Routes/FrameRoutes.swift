import ExhibitKit
import Foundation
import Hummingbird

/// `/media/SHA256/frames/SECONDS.png`: the still frame a recording shows at a second, decoded
/// in-process as `exhibit frame` decodes it (from the evidence store's copy when the server keeps
/// its recordings there), kept in the read cache until the catalogue changes. The finding pages
/// show a finding's frame with it, and the desk its filmstrip.
struct FrameRoutes {
  let stores: CataloguePool
  /// The evidence store the bytes are read from; nil for the catalogued paths.
  let storage: (any EvidenceStorage)?

  /// A frame's address: its second with up to three decimals.
  static func path(_ sha256: String, atSeconds seconds: Double) -> String {
    "/media/\(sha256)/frames/\(SegmentTime.text(seconds)).png"
  }

  func register(in groups: RouteGroups) {
    groups.media.get(":sha/frames/:at") { _, context -> Response in
      try await frame(context)
    }
  }

  private func frame(_ context: ExhibitRequestContext) async throws -> Response {
    let sha = try context.recordingSHA256()
    let name = context.parameters.get("at") ?? ""
    guard name.hasSuffix(".png"), let seconds = Double(name.dropLast(4)), seconds.isFinite, seconds >= 0
    else { throw WebError.notFound("a frame is named by its second: SECONDS.png, e.g. 1.5.png") }
    let detail = try await stores.read { try await $0.recordingDetail(sha, currentDirectory: "/") }
    let png = try await stores.cachedValue("frame \(sha) \(seconds)") { [storage] () throws -> [UInt8] in
      try Self.decode(detail.recording, atSeconds: seconds, storage: storage)
    }
    var headers = HTTPFields()
    headers[.contentType] = "image/png"
    headers[.cacheControl] = "private, max-age=3600"
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
  }

  /// The frame as PNG, from the recording's path or a copy fetched from `storage`.
  private static func decode(
    _ recording: RecordingSummary, atSeconds seconds: Double, storage: (any EvidenceStorage)?
  ) throws -> [UInt8] {
    let fetched = try storage.map { try FetchedEvidence(from: $0, in: NSTemporaryDirectory()) }
    defer { fetched?.remove() }
    var copy: RecordingFrame.LocalCopy?
    if let fetched { copy = { try fetched.copy($0, $1, size: $2) } }
    return try RecordingFrame.frame(of: recording, atSeconds: seconds, localCopy: copy).png
  }
}
