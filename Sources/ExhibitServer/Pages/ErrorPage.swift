import ExhibitModel

/// The page a failed request shows: the status, what went wrong, and a way back.
struct ErrorPage {
  let error: WebError
  let visitor: Visitor

  var html: HTML {
    Layout(title: error.status.reasonPhrase, visitor: visitor).document(
      """
      <h1>\(error.status.reasonPhrase)</h1>
      <p class="error-message" role="alert">\(error.message)</p>
      <p><a href="/">Back to the overview</a></p>
      """)
  }
}
