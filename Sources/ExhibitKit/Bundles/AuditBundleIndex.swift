import Foundation

/// `index.html` beside the bags `exhibit bundle --all` exports for an audit: one row per
/// component and platform with its overall status and a link to its report. Built with ``HTML``,
/// which escapes every interpolation.
public enum AuditBundleIndex {
  /// One exported bag.
  public struct Entry: Sendable {
    public let component: ComponentID
    public let platform: Platform
    public let result: BundleResult

    public init(component: ComponentID, platform: Platform, result: BundleResult) {
      self.component = component
      self.platform = platform
      self.result = result
    }
  }

  /// The page for `audit`'s bags, written in `folder`.
  public static func render(audit: Audit, entries: [Entry], date: String, folder: String) -> String {
    let rows = entries.map { entry -> HTML in
      let name = (entry.result.path as NSString).lastPathComponent
      let report = name.hasSuffix(".zip") ? name : "\(name)/data/report.html"
      let status = entry.result.overallStatus
      return """
        <tr><th scope="row">\(entry.component)</th><td>\(entry.platform.displayName)</td>\
        <td><span class="status-\(status)">\(status)</span></td><td>\(entry.result.gaps.count)</td>\
        <td><a href="\(report)">\(name)</a></td></tr>

        """
    }
    let retest: HTML =
      audit.from.map { "; a retest of audit \($0.id) (\($0.product) \($0.release))" } ?? .empty
    let page: HTML = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Evidence bundles: \(audit.product) \(audit.release), \(date)</title>
      <style>body{font:1rem/1.5 system-ui,sans-serif;margin:1rem;color:#1a1a1a}table{border-collapse:collapse}\
      th,td{border:1px solid #767676;padding:.25rem .5rem;text-align:left}a{color:#0b57d0}\
      .status-fail{color:#a4000f;font-weight:bold}.status-pass{color:#0a6b2b;font-weight:bold}</style>
      </head>
      <body>
      <main>
      <h1>Evidence bundles: \(audit.product) \(audit.release)</h1>
      <p>Audit \(audit.id), \(audit.state.rawValue)\(retest). Exported \(date). Each bag verifies on its own with \
      <code>exhibit verify</code>.</p>
      <table>
      <caption>One bag per component and platform</caption>
      <thead><tr><th scope="col">Component</th><th scope="col">Platform</th><th scope="col">Overall</th>\
      <th scope="col">Gaps</th><th scope="col">Bag</th></tr></thead>
      <tbody>
      \(rows)</tbody>
      </table>
      </main>
      </body>
      </html>

      """
    return page.markup
  }
}
