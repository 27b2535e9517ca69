/// How a report's levels were found, in words: manual testing with screen readers, recorded and
/// judged in Exhibit, on the environments the verdicts name (screen reader, OS, browser, device).
struct ACRMethods {
  let draft: ACRDraft

  /// Every platform and screen reader the verdicts behind the report were judged with, and every
  /// environment they name (OS, browser, device), once each, sorted.
  var environments: [String] {
    var seen = Set<String>()
    for row in draft.rows {
      for evidence in row.evidence {
        seen.formUnion(evidence.places.values)
        for segment in evidence.segments {
          if let environment = segment.environment { seen.insert(environment) }
        }
      }
    }
    return seen.sorted()
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
