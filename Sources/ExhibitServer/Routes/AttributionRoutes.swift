import ExhibitKit
import Foundation
import Hummingbird

/// The recording page's attribution form: `exhibit recordings set` for auditors in the browser.
/// It answers with a redirect to the recording page; a refused field shows the page again with
/// the reason, and nothing is written.
struct AttributionRoutes {
  let stores: CataloguePool

  /// The fields the form may send; any other is refused, so a crafted post cannot set a
  /// recording's status, hash or duration.
  static let fields: Set<String> = [
    "csrf_token", "component", "platform", "screen_reader", "browser", "os_version", "device",
  ]

  func register(in groups: RouteGroups) {
    groups.pages.post("/recordings/:sha/attribution") { _, context -> Response in
      let auditor = try context.auditor()
      let sha = try context.recordingSHA256()
      let form = context.form
      do {
        if let field = form.names.subtracting(Self.fields).sorted().first {
          throw WebError.badRequest("\(field) may not be set: a recording's other fields come from its file")
        }
        let correction = RecordingCorrection(
          component: form.text("component"), platform: try form.text("platform").map(Request.platform),
          assistiveTech: try form.text("screen_reader").map(Self.assistiveTech),
          browser: try form.text("browser").map(Self.browser), osVersion: form.text("os_version"),
          device: form.text("device"))
        _ = try await stores.write {
          try await $0.setRecording(sha, correction, actor: auditor, currentDirectory: "/")
        }
        return .seeOther("/recordings/\(sha)?attributed=1#attribution-heading")
      } catch {
        let refusal = WebError.from(error)
        guard refusal.status.code < 500 else { throw refusal }
        let audit = context.visitor.audit
        let data = try await stores.read {
          try await RecordingPageData.read(sha256: sha, audit: audit, from: $0)
        }
        var page = RecordingPage(data: data, visitor: context.visitor)
        page.attributionError = refusal.message
        return .page(page.html, status: refusal.status)
      }
    }
  }

  private static func assistiveTech(_ text: String) throws -> AssistiveTech {
    guard let tech = AssistiveTech(rawValue: text) else {
      throw WebError.badRequest(
        "\(text) is not a screen reader: use \(AssistiveTech.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    return tech
  }

  private static func browser(_ text: String) throws -> Browser {
    guard let browser = Browser(rawValue: text) else {
      throw WebError.badRequest(
        "\(text) is not a browser: use \(Browser.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return browser
  }
}
