import ExhibitKit

extension RecordingPage {
  /// Where an attributed value came from, in words: `from the file name`, `set by hand`.
  static func sourceName(_ source: AttributionSource) -> String {
    switch source {
    case .hand: "set by hand"
    case .criteria: "from the criteria"
    case .tags: "from the tags"
    case .folder: "from the folder"
    case .name: "from the file name"
    case .implied: "implied"
    }
  }

  /// For auditors: correct what the recording is of, as `exhibit recordings set` does. Each
  /// field left at "keep" stays as it is; a field set here is never changed by a later catalogue.
  var attributionForm: HTML {
    guard visitor.mayWrite else { return .empty }
    let attribution = data.detail.attribution
    func options(_ values: [(value: String, name: String)], current: String?) -> HTML {
      let kept: HTML = "<option value=\"\">Keep (\(current ?? "not known"))</option>"
      return HTML.join([kept] + values.map { "<option value=\"\($0.value)\">\($0.name)</option>" as HTML })
    }
    let components = options(data.componentChoices.map { ($0, $0) }, current: attribution.component?.value)
    let platforms = options(
      Platform.allCases.map { ($0.rawValue, $0.displayName) }, current: attribution.platform?.value)
    let techs = options(
      AssistiveTech.allCases.map { ($0.rawValue, $0.displayName) }, current: attribution.assistiveTech?.value)
    let browsers = options(
      Browser.allCases.map { ($0.rawValue, $0.displayName) }, current: attribution.browser?.value)
    return """
      <section aria-labelledby="attribution-heading">
      <h2 id="attribution-heading">Correct what this recording is of</h2>
      <p class="muted">A field set here replaces what Exhibit inferred, is recorded in the history, and no later catalogue changes it.</p>
      \(attributionError.map { "<p class=\"error-message\" role=\"alert\">\($0)</p>" as HTML } ?? .empty)
      <form class="judge-form" method="post" action="/recordings/\(data.sha256)/attribution">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <div class="row">
      <div><label for="set-component">Component</label><select id="set-component" name="component">\(components)</select></div>
      <div><label for="set-platform">Platform</label><select id="set-platform" name="platform">\(platforms)</select></div>
      <div><label for="set-at">Screen reader</label><select id="set-at" name="screen_reader">\(techs)</select></div>
      <div><label for="set-browser">Browser</label><select id="set-browser" name="browser">\(browsers)</select></div>
      </div>
      <div class="row">
      <div><label for="set-os">OS version or build</label><input id="set-os" name="os_version" maxlength="\(RecordingCorrection.maximumTextLength)" placeholder="\(attribution.osVersion?.value ?? "iOS 17.4")"></div>
      <div><label for="set-device">Device</label><input id="set-device" name="device" maxlength="\(RecordingCorrection.maximumTextLength)" placeholder="\(attribution.device?.value ?? "iPhone 15")"></div>
      </div>
      <button type="submit">Save</button>
      </form>
      </section>
      """
  }
}
