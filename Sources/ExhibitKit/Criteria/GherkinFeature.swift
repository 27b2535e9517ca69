/// Writes a component's Gherkin as a `.feature` file that Cucumber's parser accepts.
public enum GherkinFeature {
  /// Renders the feature.
  ///
  /// - Parameters:
  ///   - criteria: The component's criteria.
  ///   - platform: When given, steps that name only other platforms are left out, with the steps
  ///     nested under them.
  /// - Returns: The `.feature` text, ending in a newline.
  public static func render(_ criteria: ComponentCriteria, platform: Platform? = nil) -> String {
    let platformName = platform.map { ", \($0.displayName)" } ?? ""
    var lines = ["Feature: \(oneLine(criteria.document.title)) (\(criteria.component)\(platformName))", ""]
    if !criteria.gherkinGiven.isEmpty {
      var given = criteria.gherkinGiven
      if given.hasPrefix("THAT ") { given = "that " + given.dropFirst(5) }
      lines += ["  Background:", "    Given \(oneLine(given))", ""]
    }
    for (index, scenario) in criteria.scenarios.enumerated() {
      if let platform, !fits(scenario.title, platform) { continue }
      let title = oneLine(scenario.title).isEmpty ? "Scenario \(index + 1)" : oneLine(scenario.title)
      lines.append("  Scenario: \(title)")
      var kept: [GherkinStep] = []
      var droppedDepth: Int?
      var childrenDropped = false
      for step in scenario.steps {
        if let depth = droppedDepth, step.depth > depth { continue }
        droppedDepth = nil
        if let platform, !applies(step.text, to: platform, family: criteria.document.family) {
          droppedDepth = step.depth
          if let parent = kept.last, parent.depth < step.depth { childrenDropped = true }
          continue
        }
        // A step whose every child was left out (WHEN ENTER → THEN on Android) goes too.
        if childrenDropped, let parent = kept.last, step.depth <= parent.depth { kept.removeLast() }
        childrenDropped = false
        kept.append(step)
      }
      if childrenDropped, !kept.isEmpty { kept.removeLast() }
      for (position, step) in kept.enumerated() {
        lines.append("    \(keyword(step.keyword, first: position == 0)) \(oneLine(step.text))")
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  private static func keyword(_ written: String, first: Bool) -> String {
    switch written.uppercased() {
    case "GIVEN": "Given"
    case "WHEN": "When"
    case "THEN": "Then"
    case "BUT": "But"
    case "AND": "And"
    default: first ? "When" : "And"
    }
  }

  private static func applies(_ text: String, to platform: Platform, family: Family) -> Bool {
    CriteriaText.platforms(in: text, family: family, section: .other).contains(platform)
      && fits(text, platform)
  }

  /// Whether a scenario or step is for the kind of device the platform is: "Mobile screenreader
  /// (Talkback, VoiceOver)" or "I use a mobile screen reader" is for iOS and Android only, "Desktop
  /// screenreader" or one naming JAWS or NVDA for macOS and Windows only; a text naming both or
  /// neither is for every platform.
  public static func fits(_ text: String, _ platform: Platform) -> Bool {
    let words = Set(SessionContext.words(in: text))
    let mobile = words.contains("mobile") || words.contains("talkback") || words.contains("touch")
    let desktop = words.contains("desktop") || words.contains("jaws") || words.contains("nvda")
    if mobile == desktop { return true }
    return mobile == platform.isMobile
  }

  /// Gherkin reads one step per line: folds line breaks and runs of white space.
  private static func oneLine(_ text: String) -> String {
    CriteriaText.clean(text)
  }
}
