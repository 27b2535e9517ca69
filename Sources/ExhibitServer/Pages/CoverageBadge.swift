import ExhibitKit

/// How a state is drawn: a word and a symbol as well as a colour and a pattern (`.state-…`).
enum CoverageBadge {
  /// The badge of a tally's state.
  static func badge(_ state: CoverageTally.State) -> HTML {
    let (symbol, word) =
      switch state {
      case .pass: ("✓", "Passes")
      case .fail: ("✗", "Fails")
      case .gaps: ("○", "Gaps")
      case .notApplicable: ("–", "Not applicable")
      case .empty: ("·", "Not in scope")
      }
    return
      "<span class=\"state state-\(state.rawValue)\"><span aria-hidden=\"true\">\(symbol)</span> \(word)</span>"
  }

  /// The badge of a combined verdict, or of no evidence.
  static func badge(_ verdict: CombinedVerdict?) -> HTML {
    let (css, symbol, word) =
      switch verdict {
      case .pass: ("pass", "✓", "Pass")
      case .fail: ("fail", "✗", "Fail")
      case .conflict: ("conflict", "≠", "Conflict")
      case .notApplicable: ("not-applicable", "–", "Not applicable")
      case .untested: ("untested", "?", "Untested")
      case nil: ("gaps", "○", "No evidence")
      }
    return "<span class=\"state state-\(css)\"><span aria-hidden=\"true\">\(symbol)</span> \(word)</span>"
  }

  /// The badge of one link's verdict.
  static func badge(_ verdict: Verdict) -> HTML {
    switch verdict {
    case .pass: badge(CombinedVerdict.pass)
    case .fail: badge(CombinedVerdict.fail)
    case .notApplicable: badge(CombinedVerdict.notApplicable)
    case .untested: badge(CombinedVerdict.untested)
    }
  }

  /// A check that held (a bag verifies, the chain is intact): a word of its own, never a
  /// verdict's Pass badge, since a bag full of failures verifies all the same.
  static func verified(_ word: String = "Verified") -> HTML {
    "<span class=\"state state-verified\"><span aria-hidden=\"true\">✔</span> \(word)</span>"
  }

  /// `3 pass · 1 fail · 0 not applicable · 2 gaps` (conflicts when there are any).
  static func counts(_ tally: CoverageTally) -> String {
    var parts = ["\(tally.pass) pass", "\(tally.fail) fail"]
    if tally.conflicts > 0 { parts.append("\(tally.conflicts) conflicting") }
    parts += ["\(tally.notApplicable) not applicable", "\(tally.gaps) \(tally.gaps == 1 ? "gap" : "gaps")"]
    return parts.joined(separator: " · ")
  }

  /// A column's heading: `iOS VoiceOver`, or `Android, any screen reader` for the platform's own
  /// column (keyboard, settings and other items, judged with any screen reader or none).
  static func columnName(_ column: Coverage.Column) -> String {
    columnName(platform: column.platform, assistiveTech: column.assistiveTech)
  }

  /// The heading of the column of a platform and screen reader.
  static func columnName(platform: Platform, assistiveTech: String?) -> String {
    guard let assistiveTech else { return "\(platform.displayName), any screen reader" }
    return "\(platform.displayName) \(AssistiveTech(rawValue: assistiveTech)?.displayName ?? assistiveTech)"
  }
}
