import ExhibitModel

/// `/signin`: the account form, shown when the server listens beyond loopback.
struct SignInPage {
  let visitor: Visitor
  /// Where to go after signing in (a path on this server).
  let next: String
  var error: String?

  var html: HTML {
    Layout(title: "Sign in", visitor: visitor).document(
      """
      <h1>Sign in</h1>
      \(error.map { "<p class=\"error-message\" role=\"alert\">\($0)</p>" as HTML } ?? .empty)
      <form method="post" action="/signin" class="judge-form">
      <input type="hidden" name="csrf_token" value="\(visitor.csrfToken)">
      <input type="hidden" name="next" value="\(next)">
      <div class="row"><div><label for="signin-name">Account</label>
      <input id="signin-name" name="name" autocomplete="username" required></div></div>
      <div class="row"><div><label for="signin-password">Password</label>
      <input id="signin-password" name="password" type="password" autocomplete="current-password" required></div></div>
      <button type="submit">Sign in</button>
      </form>
      <p class="muted">Accounts are made on the server with <code>exhibit users add NAME</code>.</p>
      """)
  }
}
