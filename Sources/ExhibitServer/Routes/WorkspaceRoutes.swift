import ExhibitKit
import Foundation
import Hummingbird

/// The auditor's workspace jobs: catalogue recordings and import criteria from folders inside
/// the workspace, as `exhibit catalog` and `exhibit criteria import` do, with their JSON. After a
/// catalogue, what was not heard yet is heard in the background (``BackgroundListening``;
/// `GET /api/listening` says how far it is).
struct WorkspaceRoutes {
  let stores: CataloguePool
  let folder: WorkspaceFolder
  /// The team's evidence store recordings catalogued from the web are stored in, if any.
  let storage: (any EvidenceStorage)?
  /// Listening after each catalogue.
  let listening: BackgroundListening

  /// The body of both routes: paths relative to the workspace folder.
  struct PathsBody: Decodable {
    let paths: [String]?
  }

  func register(in groups: RouteGroups) {
    let (stores, folder, storage, listening) = (stores, folder, storage, listening)
    groups.api.post("catalog") { request, context -> Response in
      let auditor = try context.auditor()
      let body = try await APIRoutes.decode(PathsBody.self, from: request, context: context)
      let summary = try await folder.catalogue(
        body.paths ?? ["Media"], auditor: auditor, in: stores, storage: storage)
      listening.start()
      return try .json(summary)
    }

    groups.pages.post("/catalog") { _, context -> Response in
      let auditor = try context.auditor()
      let summary = try await folder.catalogue(["Media"], auditor: auditor, in: stores, storage: storage)
      listening.start()
      return .seeOther("/?catalogued=\(summary.scanned)&failed=\(summary.failed)")
    }

    groups.api.get("listening") { _, _ -> Response in
      try .json(listening.status)
    }

    // Captions written at the desk from what was heard (``HeardCaptions``): the sidecar beside
    // the recording, catalogued under the auditor's name.
    groups.pages.post("/recordings/:sha/captions") { _, context -> Response in
      let auditor = try context.auditor()
      let sha = try context.recordingSHA256()
      let form = context.form
      let count = min(Int(form.text("cues") ?? "") ?? 0, 10_000)
      let rows = (0..<count).map { index in
        (
          start: form.text("start_\(index + 1)") ?? "", end: form.text("end_\(index + 1)") ?? "",
          text: form.text("text_\(index + 1)") ?? ""
        )
      }
      let detail = try await stores.read { try await $0.recordingDetail(sha256: sha, audit: nil) }
      guard detail.captions.isEmpty else {
        throw WebError(.conflict, "has_captions", "this recording has captions already")
      }
      let cues: [HeardCaptions.Cue]
      do { cues = try HeardCaptions.cues(rows: rows, duration: detail.recording.durationSeconds) } catch {
        throw WebError(.unprocessableContent, "refused", "\(error)")
      }
      let sidecar = try folder.captionSidecar(for: detail)
      let text = HeardCaptions.webVTT(
        cues, auditor: auditor, date: String(Timestamp.string(Date()).prefix(10)))
      do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: sidecar.path), options: .withoutOverwriting)
      } catch {
        throw WebError(.conflict, "exists", "\(sidecar.path) exists already or cannot be written")
      }
      let summary = try await stores.onOwnConnection {
        try await $0.catalogueRecordings(
          CatalogueScope(paths: [sidecar.recording]), actor: auditor, batchSize: 64, storage: storage,
          progress: nil)
      }
      guard summary.errors.isEmpty else {
        throw WebError(
          .unprocessableContent, "refused", summary.errors.map(\.description).joined(separator: "; "))
      }
      return .seeOther("/recordings/\(sha)?captioned=\(cues.count)#transcript-heading")
    }

    groups.api.post("criteria/import") { request, context -> Response in
      let auditor = try context.auditor()
      let body = try await APIRoutes.decode(PathsBody.self, from: request, context: context)
      let paths = try folder.paths(body.paths ?? ["Criteria"])
      return try .json(
        try await stores.write { store in
          let batch = CriteriaFiles.read(
            paths, parser: CriteriaParser(knownComponents: try await store.knownComponentSlugs()))
          return CriteriaImportReport(
            batch: batch, outcomes: try await store.importCriteria(batch.documents, actor: auditor))
        })
    }
  }
}

/// The folder of the workspace being served, the one holding `Database/` (for a catalogue on a
/// database server, the folder the server runs in): requests name paths inside it, and nowhere
/// else.
struct WorkspaceFolder: Sendable {
  /// The folder's real path.
  let path: String

  /// The folder holding the database's folder, or the current folder for a database URL.
  init(databasePath: String) {
    let folder =
      DatabaseURL.isPostgres(databasePath)
      ? FileManager.default.currentDirectoryPath
      : ((databasePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
    path = URL(fileURLWithPath: folder.isEmpty ? "." : folder).resolvingSymlinksInPath().path
  }

  /// Paths a request named, resolved inside the workspace folder.
  /// - Throws: ``WebError`` (400) for an absolute path or one that leads outside the workspace.
  func paths(_ requested: [String]) throws -> [String] {
    let root = path
    return try requested.map { path in
      guard !path.hasPrefix("/") else {
        throw WebError.badRequest("\(path): give a path inside the workspace, relative to it")
      }
      let resolved = URL(fileURLWithPath: root).appendingPathComponent(path).standardizedFileURL
        .resolvingSymlinksInPath().path
      guard resolved == root || resolved.hasPrefix(root + "/") else {
        throw WebError.badRequest("\(path): outside the workspace")
      }
      return resolved
    }
  }

  /// Where captions written at the desk go: `name.vtt` beside the recording's present file, which
  /// must be inside the workspace folder (the web writes nowhere else).
  /// - Throws: ``WebError`` (409) for a recording not on disk or outside the folder.
  func captionSidecar(for detail: RecordingDetail) throws -> (recording: String, path: String) {
    guard let present = detail.paths.first(where: { $0.missingSince == nil })?.path else {
      throw WebError(
        .conflict, "missing", "the recording is not on disk, so no caption file can go beside it")
    }
    let real = URL(fileURLWithPath: present).resolvingSymlinksInPath().path
    guard real.hasPrefix(path + "/") else {
      throw WebError(
        .conflict, "outside", "\(present) is outside the workspace folder, where the web writes nothing")
    }
    let stem = ((real as NSString).lastPathComponent as NSString).deletingPathExtension
    return (
      real, ((real as NSString).deletingLastPathComponent as NSString).appendingPathComponent(stem + ".vtt")
    )
  }

  /// Catalogues paths inside the workspace with a connection of its own (the catalogue takes
  /// its own transactions, in batches), their bytes stored in `storage` when there is one.
  func catalogue(
    _ paths: [String], auditor: String, in stores: CataloguePool, storage: (any EvidenceStorage)?
  )
    async throws -> CatalogueSummary
  {
    let scope = CatalogueScope(paths: try self.paths(paths), currentDirectory: path)
    return try await stores.onOwnConnection {
      try await $0.catalogueRecordings(scope, actor: auditor, batchSize: 64, storage: storage, progress: nil)
    }
  }
}
