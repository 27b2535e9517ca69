/// How a report's levels were found, in words: manual testing with screen readers, recorded and
/// judged in Exhibit, on the environments the verdicts name (screen reader, OS, browser, device).
struct ACRMethods {
  let draft: ACRDraft

  /// Every environment the verdicts behind the report name, once each, in the order first seen.
  var environments: [String] {
    var seen: [String] = []
    for row in draft.rows {
      for evidence in row.evidence {
        for segment in evidence.segments {
          if let environment = segment.environment, !seen.contains(environment) { seen.append(environment) }
        }
      }
    }
    return seen
  }

  var sentence: String {
    let environments = self.environments
    return
      "Manual testing against the MagentaA11y acceptance criteria with screen readers, each session recorded "
      + "and its segments judged in Exhibit; levels drafted from the verdicts through Exhibit's WCAG mapping. "
      + (environments.isEmpty
        ? "No environment was recorded with the verdicts."
        : "Environments: \(environments.joined(separator: "; ")).")
  }
}
