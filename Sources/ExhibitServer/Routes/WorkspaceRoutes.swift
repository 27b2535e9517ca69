import ExhibitKit
import Foundation
import Hummingbird

/// The auditor's workspace jobs: catalogue recordings and import criteria from folders inside
/// the workspace, as `exhibit catalog` and `exhibit criteria import` do, with their JSON.
struct WorkspaceRoutes {
  let stores: StorePool
  let folder: WorkspaceFolder

  /// The body of both routes: paths relative to the workspace folder.
  struct PathsBody: Decodable {
    let paths: [String]?
  }

  func register(in groups: RouteGroups) {
    let (stores, folder) = (stores, folder)
    groups.api.post("catalog") { request, context -> Response in
      let auditor = try context.auditor()
      let body = try await APIRoutes.decode(PathsBody.self, from: request, context: context)
      return try .json(try await folder.catalogue(body.paths ?? ["Media"], auditor: auditor))
    }

    groups.pages.post("/catalog") { _, context -> Response in
      let auditor = try context.auditor()
      let summary = try await folder.catalogue(["Media"], auditor: auditor)
      return .seeOther("/?catalogued=\(summary.scanned)&failed=\(summary.failed)")
    }

    groups.api.post("criteria/import") { request, context -> Response in
      let auditor = try context.auditor()
      let body = try await APIRoutes.decode(PathsBody.self, from: request, context: context)
      let paths = try folder.paths(body.paths ?? ["Criteria"])
      return try .json(
        try await stores.write { store in
          let batch = CriteriaFiles.read(
            paths, parser: CriteriaParser(knownComponents: try store.knownComponentSlugs()))
          return CriteriaImportReport(
            batch: batch, outcomes: try store.importCriteria(batch.documents, actor: auditor))
        })
    }
  }
}

/// The folder of the workspace being served, the one holding `Database/`: requests name paths
/// inside it, and nowhere else.
struct WorkspaceFolder: Sendable {
  /// The workspace database.
  let databasePath: String

  /// The folder's real path.
  var path: String {
    let databaseFolder = (databasePath as NSString).deletingLastPathComponent
    let folder = (databaseFolder as NSString).deletingLastPathComponent
    return URL(fileURLWithPath: folder.isEmpty ? "." : folder).resolvingSymlinksInPath().path
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
  /// its own transactions, in batches).
  func catalogue(_ paths: [String], auditor: String) async throws -> CatalogueSummary {
    let resolved = try self.paths(paths)
    let store = try Store.open(at: databasePath, access: .write)
    defer { try? store.close() }
    return try await Cataloguer(store: store, actor: auditor).run(
      CatalogueScope(paths: resolved, currentDirectory: path))
  }
}
