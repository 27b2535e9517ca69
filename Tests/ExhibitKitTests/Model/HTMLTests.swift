import Testing

@testable import ExhibitModel

/// Data interpolated into a page is text, never markup.
@Suite struct HTMLTests {
  @Test func interpolatedTextIsEscaped() {
    let caption = "<script>alert('x')</script> & \"quoted\""
    let html: HTML = "<p title=\"\(caption)\">\(caption)</p>"
    #expect(
      html.markup
        == "<p title=\"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;\">"
        + "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;</p>")
  }

  @Test func nestedHTMLIsKeptAndNumbersAreDigits() {
    let inner: HTML = "<b>\("a<b")</b>"
    let outer: HTML = "<li>\(inner) \(42)</li>"
    #expect(outer.markup == "<li><b>a&lt;b</b> 42</li>")
  }
}
