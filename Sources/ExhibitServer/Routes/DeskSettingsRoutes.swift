import ExhibitKit
import Foundation
import Hummingbird

/// A signed-in account's desk keys and reaction time (``DeskSettings``), saved from the
/// recording page's shortcuts panel.
struct DeskSettingsRoutes {
  let stores: CataloguePool

  func register(in groups: RouteGroups) {
    let stores = stores
    // A signed-in account's desk keys and reaction time (``DeskSettings``).
    groups.pages.post("/desk-settings") { _, context -> Response in
      let visitor = context.visitor
      guard visitor.signedIn, let name = visitor.name else {
        throw WebError(.forbidden, "no_account", "sign in with an account to keep your keys")
      }
      let form = context.form
      var keys: [DeskSettings.Action: String] = [:]
      for action in DeskSettings.Action.allCases {
        keys[action] = form["key_\(action.rawValue)"] ?? action.standardKey
      }
      let settings: DeskSettings
      do { settings = try DeskSettings.checked(reaction: form.text("reaction") ?? "", keys: keys) } catch {
        throw WebError(.unprocessableContent, "refused", "\(error)")
      }
      try await stores.write { try await $0.setDeskSettings(settings, account: name, at: Date()) }
      return .seeOther(SessionRoutes.safeNext(form.text("back")))
    }
  }
}
