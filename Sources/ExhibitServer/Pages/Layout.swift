import ExhibitModel

/// The frame every page shares: language, title, our stylesheet and script, a skip link, the
/// navigation, a search box, who is signed in, and one `main` landmark.
struct Layout {
  /// The page's title, before " · Exhibit".
  let title: String
  /// Who is looking, for the sign-in state and the sign-out form.
  let visitor: Visitor
  /// The path of the page, to mark its link in the navigation as current.
  var current = ""
  /// Whether the page may use a wide screen's whole width (the recording desk).
  var wide = false

  /// The whole document around `content`, which starts with the page's `h1`.
  func document(_ content: HTML) -> HTML {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>\(title) · Exhibit</title>
    <link rel="stylesheet" href="\(Assets.stylesheetPath)">
    <script src="\(Assets.scriptPath)" defer></script>
    </head>
    <body>
    <a class="skip-link" href="#main">Skip to content</a>
    <header class="site-header">
    <p class="brand"><a href="/">Exhibit</a></p>
    \(navigation)
    <form class="site-search" role="search" action="/search" method="get">
    <label for="site-search-q">Search</label>
    <input id="site-search-q" name="q" type="search" autocomplete="off">
    <button type="submit">Search</button>
    </form>
    \(account)
    \(auditSwitch)
    </header>
    <main id="main" tabindex="-1"\(wide ? " class=\"wide\"" as HTML : .empty)>
    \(content)
    </main>
    </body>
    </html>
    """
  }

  private var navigation: HTML {
    guard visitor.mayRead else { return .empty }
    let links = [
      ("/", "Overview"), ("/audits", "Audits"), ("/search", "Search"), ("/history", "History"),
      ("/bundles", "Bundles"),
    ]
    let items = links.map { path, label -> HTML in
      path == current
        ? "<li><a href=\"\(path)\" aria-current=\"page\">\(label)</a></li>"
        : "<li><a href=\"\(path)\">\(label)</a></li>"
    }
    return "<nav aria-label=\"Main\"><ul>\(items)</ul></nav>"
  }

  /// The audit the visitor works in, and a form to switch to another.
  private var auditSwitch: HTML {
    guard visitor.mayRead, let current = visitor.audits.current else { return .empty }
    let options = visitor.audits.choices.map { audit -> HTML in
      let label = "\(audit.product) \(audit.release) (\(audit.state.rawValue))"
      return audit.id == current.id
        ? "<option value=\"\(audit.id)\" selected>\(label)</option>"
        : "<option value=\"\(audit.id)\">\(label)</option>"
    }
    return """
      <form class="audit-switch" method="post" action="/audits/use">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <p><a href="/audits/\(current.id)">Audit: \(current.product) \(current.release)</a> \
      <span class="badge badge-\(current.state.rawValue)">\(current.state.rawValue)</span></p>
      <label for="audit-switch-select">Work in</label>
      <select id="audit-switch-select" name="audit">\(options)</select>
      <button type="submit" class="secondary">Switch audit</button>
      </form>
      """
  }

  private var account: HTML {
    guard let name = visitor.name else { return .empty }
    let role = visitor.role?.rawValue ?? ""
    guard visitor.signedIn else { return "<p class=\"account\">\(name) (\(role), this computer)</p>" }
    return """
      <div class="account"><span>\(name) (\(role))</span>
      <form method="post" action="/signout"><input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <button type="submit">Sign out</button></form></div>
      """
  }
}
