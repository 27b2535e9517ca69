import ExhibitKit
import Foundation
import Hummingbird

/// `/bundles`: export a component's evidence on a platform as a zip and download it. Reviewers
/// may export and download; a bundle changes no evidence.
struct BundleRoutes {
  let stores: CataloguePool
  let shelf: BundleShelf
  /// The team's evidence store recordings are read back from, if any.
  let storage: (any EvidenceStorage)?
  /// The workspace database, which a downloaded bag is verified against.

  func register(in groups: RouteGroups) {
    let (stores, shelf, storage) = (stores, shelf, storage)
    groups.pages.get("/bundles") { _, context -> Response in
      let components = try await stores.read { store in
        var seen = Set<ComponentID>()
        return try await store.criteriaDocuments(component: nil, platform: nil).filter {
          seen.insert($0.component).inserted
        }
      }
      return .page(
        BundlesPage(components: components, entries: shelf.entries(), visitor: context.visitor).html)
    }

    groups.pages.post("/bundles") { _, context -> Response in
      guard let component = context.form.text("component") else {
        throw WebError.badRequest("choose a component")
      }
      guard let platformName = context.form.text("platform") else {
        throw WebError.badRequest("choose a platform")
      }
      let platform = try Request.platform(platformName)
      let audit = context.visitor.audit
      let visitor = context.visitor.name ?? "anonymous"
      let export = try await stores.withBagSource { source in
        try await shelf.export(
          component: component, platform: platform, source: source, visitor: visitor, audit: audit,
          storage: storage)
      }
      return .seeOther("/bundles/\(URLText.encode(URLText.fileName(export.path)))")
    }

    groups.pages.get("/bundles/:name") { _, context -> Response in
      let name = context.parameters.get("name") ?? ""
      guard let path = shelf.path(of: name) else {
        throw WebError.notFound("there is no bundle \(name)")
      }
      // A zip this server made knows its SHA-256; one made before it started is hashed.
      let export = shelf.export(named: name)
      let (sha, report) = try await stores.withBagSource { source in
        (
          try export?.sha256 ?? FileHasher().hash(path).sha256,
          try await source.catalogue.verifyBag(
            path, named: source.name, keyPath: source.keyPath, requireSignature: false)
        )
      }
      return .page(
        BundlePage(name: name, sha256: sha, report: report, export: export, visitor: context.visitor).html)
    }

    groups.pages.get("/bundles/:name/download") { request, context -> Response in
      let name = context.parameters.get("name") ?? ""
      guard let path = shelf.path(of: name) else {
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
