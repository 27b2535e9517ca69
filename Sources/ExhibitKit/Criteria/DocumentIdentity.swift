import Foundation

/// Which component a document describes, and where that was read from.
struct DocumentIdentity {
  var family: Family?
  var category: String?
  var component: String?
  var title: String?

  /// Reads a MagentaA11y link such as
  /// `https://www.magentaa11y.com/MagentaA11yV2#/native-criteria/controls/checkbox`
  /// or `/web-criteria/component/checkbox`.
  static func fromCriteriaLink(_ text: String) -> DocumentIdentity? {
    for familyName in ["native", "web"] {
      guard let range = text.range(of: "\(familyName)-criteria/") else { continue }
      let rest = text[range.upperBound...].prefix { !")] \"'?#".contains($0) }
      let parts = rest.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
      guard parts.count >= 2, let family = Family(rawValue: familyName) else { continue }
      // A link is text anyone can write: its segments take the slug rule like any other name.
      return DocumentIdentity(
        family: family, category: CriteriaText.slug(parts[parts.count - 2]),
        component: CriteriaText.slug(parts[parts.count - 1]))
    }
    return nil
  }

  /// Reads `How to test a checkbox` / `How to test an alert` into a slug.
  static func fromHowToTest(_ line: String) -> String? {
    let cleaned = CriteriaText.clean(line)
    for prefix in ["How to test an ", "How to test a ", "How to test the ", "How to test "]
    where cleaned.lowercased().hasPrefix(prefix.lowercased()) {
      let subject = String(cleaned.dropFirst(prefix.count))
      guard !subject.isEmpty, subject.count <= 60 else { return nil }
      return CriteriaText.slug(subject)
    }
    return nil
  }

  /// Reads `…/native/controls/checkbox.md` or `…/web/component/checkbox.md`. The file name
  /// names the component only under a `native/` or `web/` folder, as MagentaA11y lays documents
  /// out; elsewhere (`000_06509a087bcf237f.txt`, `page.txt`) it says nothing.
  static func fromPath(_ path: String) -> DocumentIdentity {
    let parts = path.split(separator: "/").map(String.init)
    var identity = DocumentIdentity()
    for (index, part) in parts.enumerated().dropLast().reversed() {
      guard let family = Family(rawValue: part.lowercased()) else { continue }
      identity.family = family
      if index + 2 < parts.count { identity.category = parts[index + 1] }
      if let last = parts.last {
        let stem = (last as NSString).deletingPathExtension
        if !stem.isEmpty { identity.component = CriteriaText.slug(stem) }
      }
      break
    }
    return identity
  }

  /// The path from its `native/` or `web/` folder on (`native/controls/checkbox.md`), or the
  /// whole path when it has no such folder.
  static func placedPath(_ path: String) -> String {
    let parts = path.split(separator: "/").map(String.init)
    for (index, part) in parts.enumerated().dropLast().reversed()
    where Family(rawValue: part.lowercased()) != nil {
      return parts[index...].joined(separator: "/")
    }
    return path
  }

  /// Guesses the component from what the text talks about most: `A check box lets the user…`.
  /// Only names in `vocabulary` count, so an unknown document is refused rather than misfiled.
  static func guessComponent(in text: String, vocabulary: [String]) -> String? {
    let lowered = " " + text.lowercased().replacingOccurrences(of: "\n", with: " ") + " "
    var best: (String, Int)?
    for slug in vocabulary {
      let spoken = slug.replacingOccurrences(of: "-", with: " ")
      var forms = [spoken]
      if slug == "checkbox" { forms.append("check box") }
      let count = forms.reduce(0) { total, form in
        total + lowered.components(separatedBy: " \(form)").count - 1
      }
      if count > 0, count > (best?.1 ?? 0) { best = (slug, count) }
    }
    return best?.0
  }

  /// Components MagentaA11y documents, used only to guess the subject of a page without a title.
  static let knownComponents = [
    "accordion", "alert", "alert-dialog", "badge", "bottom-sheet", "breadcrumbs", "button", "captcha",
    "card", "carousel", "checkbox", "combobox", "date-picker", "date-time-picker", "dialog",
    "disclosure", "dropdown", "heading", "image", "link", "list", "menu", "modal", "navigation",
    "notification", "pagination", "picker", "progress-bar", "radio-button", "search", "segmented-control",
    "select", "slider", "spinner", "stepper", "switch", "tab", "table", "text-field", "text-input",
    "toggle", "toggle-switch", "tooltip", "video",
  ]
}
