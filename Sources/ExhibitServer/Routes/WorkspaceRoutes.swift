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
