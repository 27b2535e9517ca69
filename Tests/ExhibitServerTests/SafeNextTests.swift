import Testing

@testable import ExhibitServer

/// Where sign-in sends a visitor next stays on this server.
@Suite struct SafeNextTests {
  @Test func safeNextPathsStayOnTheServer() {
    #expect(SessionRoutes.safeNext("/components/native/checkbox") == "/components/native/checkbox")
    #expect(SessionRoutes.safeNext("//evil.example/") == "/")
    #expect(SessionRoutes.safeNext("https://evil.example/") == "/")
    #expect(SessionRoutes.safeNext("/\\evil.example") == "/")
    #expect(SessionRoutes.safeNext(nil) == "/")
    // Browsers drop a TAB or line break inside a URL: `/<TAB>/evil.example` would be `//evil.example`.
    #expect(SessionRoutes.safeNext("/\t/evil.example") == "/")
    #expect(SessionRoutes.safeNext("/\n/evil.example") == "/")
    #expect(SessionRoutes.safeNext("/search?q=checked&kind=captions") == "/search?q=checked&kind=captions")
  }
}
