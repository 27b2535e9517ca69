import ExhibitKit

/// The overview's first answer, "how far are we": per platform, and per screen reader on it, a
/// bar of passed, failed, not applicable and untested items over every component shown, with
/// the numbers in words. A component with no evidence in a column counts its platform's items
/// there as gaps.
struct OverviewProgress {
  /// One row of the summary.
  struct Line {
    let name: String
    /// Whether it is a platform's own row (the screen readers' rows sit under it).
    let isPlatform: Bool
    var tally = CoverageTally()
  }

  let components: [ComponentOverview]
  let columns: [Coverage.Column]
  /// The platform filtered on, if any.
  let platform: Platform?

  var lines: [Line] {
    let platforms = Platform.allCases.filter { platform in
      (self.platform == nil || platform == self.platform)
        && components.contains { $0.platforms.contains { $0.platform == platform } }
    }
    return platforms.flatMap { platform -> [Line] in
      var whole = Line(name: "\(platform.displayName), every screen reader", isPlatform: true)
      for component in components {
        if let entry = component.platforms.first(where: { $0.platform == platform }) {
          whole.tally.add(entry.tally)
        }
      }
      let readers = columns.filter { $0.platform == platform }.map { column -> Line in
        var line = Line(name: CoverageBadge.columnName(column), isPlatform: false)
        for component in components {
          guard component.platforms.contains(where: { $0.platform == platform }) else { continue }
          // A column the component has no items for (another component's screen reader) adds nothing.
          if let tally = component.columns.first(where: { $0.column == column })?.tally {
            line.tally.add(tally)
          }
        }
        return line
      }
      return [whole] + readers
    }
  }

  var html: HTML {
    let lines = self.lines
    guard !lines.isEmpty else { return .empty }
    let rows = lines.map { line -> HTML in
      let tally = line.tally
      let tested = tally.items - tally.gaps
      let percent = tally.items == 0 ? 0 : Int((Double(tested) * 100 / Double(tally.items)).rounded())
      return """
        <tr\(line.isPlatform ? " class=\"platform-line\"" as HTML : .empty)><th scope="row">\(line.name)</th>\
        <td>\(Self.bar(tally, label: line.name))</td>\
        <td>\(tested) of \(tally.items) (\(percent)%)</td><td>\(tally.pass)</td><td>\(tally.fail + tally.conflicts)</td>\
        <td>\(tally.notApplicable)</td><td>\(tally.gaps)</td></tr>
        """
    }
    return """
      <section aria-labelledby="progress-heading" class="progress-summary">
      <h2 id="progress-heading">How far the audit has come</h2>
      \(Self.patterns)
      <div class="table-scroll" role="region" tabindex="0" aria-labelledby="progress-heading">
      <table class="progress-table"><caption class="visually-hidden">Items tested, passed, failed and left as gaps, \
      by platform and screen reader</caption>
      <thead><tr><th scope="col">Where</th><th scope="col">Progress</th><th scope="col">Tested</th>\
      <th scope="col">Pass</th><th scope="col">Fail</th><th scope="col">Not applicable</th><th scope="col">Gaps</th></tr></thead>
      <tbody>\(HTML.join(rows))</tbody></table></div>
      </section>
      """
  }

  /// Pass solid, fail striped, not applicable lined, gaps empty: told apart without colour too.
  static func bar(_ tally: CoverageTally, label: String) -> HTML {
    let total = Double(max(tally.items, 1))
    var x = 0.0
    let parts = [
      ("pass", tally.pass), ("fail", tally.fail + tally.conflicts), ("not-applicable", tally.notApplicable),
    ].map { name, count -> HTML in
      let width = Double(count) * 100 / total
      defer { x += width }
      guard count > 0 else { return .empty }
      return
        "<rect class=\"progress-\(name)\" fill=\"url(#progress-\(name))\" x=\"\(format(x))\" y=\"0\" width=\"\(format(width))\" height=\"10\"/>"
    }
    let tested = tally.items - tally.gaps
    return """
      <svg class="progress-bar" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" \
      aria-label="\(label): \(tested) of \(tally.items) tested, \(tally.pass) pass, \(tally.fail + tally.conflicts) fail">\
      <rect class="progress-gap" x="0" y="0" width="100" height="10"/>\(HTML.join(parts))</svg>
      """
  }

  /// The patterns the bars use, once per page.
  static let patterns: HTML = """
    <svg class="patterns" aria-hidden="true" focusable="false" width="0" height="0"><defs>\
    <pattern id="progress-pass" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="#1b7f3b"/></pattern>\
    <pattern id="progress-fail" width="3" height="3" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
    <rect width="3" height="3" fill="#b3261e"/><rect width="1" height="3" fill="#ffffff"/></pattern>\
    <pattern id="progress-not-applicable" width="3" height="3" patternUnits="userSpaceOnUse">\
    <rect width="3" height="3" fill="#5b6470"/><rect y="2" width="3" height="1" fill="#ffffff"/></pattern>\
    </defs></svg>
    """

  private static func format(_ value: Double) -> String {
    String((value * 100).rounded() / 100)
  }
}
