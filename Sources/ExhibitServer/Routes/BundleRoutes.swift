import ExhibitKit
import Foundation
import Hummingbird

/// `/bundles`: export a component's evidence on a platform as a zip and download it. Reviewers
/// may export and download; a bundle changes no evidence.
struct BundleRoutes {
  let server: WebServer

  func register(on router: Router<ExhibitRequestContext>) {
    let server = server
    router.get("/bundles") { _, context -> Response in
      let components = try await server.stores.read { store in
        var seen = Set<ComponentID>()
        return try store.criteriaDocuments().filter { seen.insert($0.component).inserted }
      }
      return .page(
        BundlesPage(components: components, entries: server.shelf.entries(), visitor: context.visitor).html)
    }

    router.post("/bundles") { _, context -> Response in
      guard let component = context.form.text("component") else {
        throw WebError.badRequest("choose a component")
      }
      guard let platformName = context.form.text("platform") else {
        throw WebError.badRequest("choose a platform")
      }
      let platform = try Request.platform(platformName)
      let databasePath = server.settings.databasePath
      let export = try await server.stores.read { store in
        try server.shelf.export(
          component: component, platform: platform, store: store, databasePath: databasePath,
          visitor: context.visitor.name ?? "anonymous")
      }
      return .seeOther("/bundles/\(URLText.encode(URLText.fileName(export.path)))")
    }

    router.get("/bundles/:name") { _, context -> Response in
      let name = context.parameters.get("name") ?? ""
      guard let path = server.shelf.path(of: name) else {
        throw WebError.notFound("there is no bundle \(name)")
      }
      // A zip this server made knows its SHA-256; one made before it started is hashed.
      let export = server.shelf.export(named: name)
      let (sha, report) = try await server.stores.read { store in
        (
          try export?.sha256 ?? FileHasher().hash(path).sha256,
          try BagVerifier.verify(path, against: store.bagWorkspace)
        )
      }
      return .page(
        BundlePage(name: name, sha256: sha, report: report, export: export, visitor: context.visitor).html)
    }

    router.get("/bundles/:name/download") { request, context -> Response in
      let name = context.parameters.get("name") ?? ""
      guard let path = server.shelf.path(of: name) else {
        throw WebError.notFound("there is no bundle \(name)")
      }
      var response = Response(
        status: .ok,
        headers: [
          .contentType: "application/zip",
          .contentDisposition: "attachment; filename=\"\(name)\"",
        ],
        body: try await FileIO().loadFile(path: path, context: context))
      if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber {
        response.headers[.contentLength] = size.stringValue
      }
      _ = request
      return response
    }
  }
}
