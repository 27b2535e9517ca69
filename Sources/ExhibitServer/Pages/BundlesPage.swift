import ExhibitKit
import Foundation

/// `/bundles`: export a component's evidence on a platform as a zip, and the zips made so far.
struct BundlesPage {
  let components: [CriteriaDocumentSummary]
  let entries: [BundleShelf.Entry]
  let visitor: Visitor
  var error: String?

  var html: HTML {
    let options = components.map { document -> HTML in
      "<option value=\"\(document.component)\">\(document.title) (\(document.component))</option>"
    }
    let platforms = Platform.allCases.map { platform -> HTML in
      "<option value=\"\(platform.rawValue)\">\(platform.displayName)</option>"
    }
    let rows = entries.map { entry -> HTML in
      """
      <tr><th scope="row"><a href="/bundles/\(URLText.encode(entry.name))">\(entry.name)</a></th><td>\(entry.size) bytes</td>
      <td>\(Timestamp.string(entry.modified))</td></tr>
      """
    }
    return Layout(title: "Bundles", visitor: visitor, current: "/bundles").document(
      """
      <h1>Evidence bundles</h1>
      <p class="lede">A bundle is a BagIt bag, zipped: the report, criteria, EARL, audit log and recordings of one \
      component on one platform, signed with the workspace key. Anyone can check it with <code>exhibit verify</code>.</p>
      \(error.map { "<p class=\"error-message\" role=\"alert\">\($0)</p>" as HTML } ?? .empty)
      <form class="filters" method="post" action="/bundles">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <div><label for="bundle-component">Component</label>
      <select id="bundle-component" name="component" required>\(options)</select></div>
      <div><label for="bundle-platform">Platform</label>
      <select id="bundle-platform" name="platform" required>\(platforms)</select></div>
      <div><button type="submit">Export a zip</button></div>
      </form>
      <h2>Exported</h2>
      \(entries.isEmpty ? "<p>No bundle has been exported here yet.</p>" as HTML : """
        <div class="table-scroll" role="region" tabindex="0" aria-label="Zips in the exports folder, newest first"><table><caption>Zips in the exports folder, newest first</caption>
        <thead><tr><th scope="col">Zip</th><th scope="col">Size</th><th scope="col">Made</th></tr></thead>
        <tbody>\(rows)</tbody></table></div>
        """)
      """)
  }
}

/// `/bundles/NAME`: one zip: its SHA-256, what it holds, and whether it verifies.
struct BundlePage {
  let name: String
  let sha256: String
  let report: BagReport
  let export: BundleResult?
  let visitor: Visitor

  var html: HTML {
    let problems = report.problems.map { "<li>\($0.path): \($0.problem)</li>" as HTML }
    let checks = report.checks.map { check -> HTML in
      "<tr><th scope=\"row\">\(check.name.title)</th><td>\(check.outcome.rawValue)</td><td>\(check.detail)</td></tr>"
    }
    let checkTable: HTML = """
      <div class="table-scroll" role="region" tabindex="0" aria-label="What verify checked"><table><caption>What verify checked</caption>
      <thead><tr><th scope="col">Check</th><th scope="col">Outcome</th><th scope="col">What it found</th></tr></thead>
      <tbody>\(checks)</tbody></table></div>
      """
    let verification: HTML =
      report.valid
      ? report.kind == .exhibit
        ? "<p class=\"notice\" role=\"status\">\(CoverageBadge.verified()) It verifies: \(report.summary).</p>\(checkTable)"
        : "<p class=\"notice\" role=\"status\">\(report.summary).</p>\(checkTable)"
      : "<div class=\"error-message\" role=\"alert\"><p>It does not verify:</p><ul>\(problems)</ul></div>\(checkTable)"
    return Layout(title: name, visitor: visitor, current: "/bundles").document(
      """
      <h1>\(name)</h1>
      <p><a class="button" href="/bundles/\(URLText.encode(name))/download" download="\(name)">Download the zip</a></p>
      <dl class="meta"><dt>SHA-256</dt><dd class="sha">\(sha256)</dd></dl>
      \(verification)
      \(export.map(contents) ?? "<p class=\"muted\">This zip was made before the server started; its report.html inside lists what it holds.</p>")
      """)
  }

  private func contents(_ export: BundleResult) -> HTML {
    let contents = export.contents
    let items = contents.items.map { item -> HTML in
      "<tr><th scope=\"row\">\(item.label)<br><span class=\"muted sha\">\(item.key)</span></th><td>\(CoverageBadge.badge(item.verdict))\(item.gap ? " (gap)" as HTML : .empty)</td><td>\(item.links.count)</td></tr>"
    }
    let recordings = contents.recordings.map { recording -> HTML in
      "<li>\(recording.name) (\(recording.size) bytes, \(recording.captions.count) caption \(recording.captions.count == 1 ? "track" : "tracks")) <span class=\"sha\">\(recording.sha256)</span></li>"
    }
    return """
      <h2>What it holds</h2>
      <p>\(contents.title) (\(contents.component)) on \(contents.platform.displayName), criteria revision \
      \(contents.criteriaRevision); overall \(export.overallStatus); \(contents.auditors.isEmpty ? "no verdict yet" : "judged by \(contents.auditors.joined(separator: ", "))").</p>
      <div class="table-scroll" role="region" tabindex="0" aria-label="\(contents.items.count) items"><table><caption>\(contents.items.count) items</caption>
      <thead><tr><th scope="col">Item</th><th scope="col">Verdict</th><th scope="col">Links</th></tr></thead>
      <tbody>\(items)</tbody></table></div>
      <h3>\(contents.recordings.count) \(contents.recordings.count == 1 ? "recording" : "recordings")</h3><ul>\(recordings)</ul>
      """
  }
}
