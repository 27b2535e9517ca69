import Testing

@testable import ExhibitServer

/// Which `Host` a server answers to: its loopback names with its port, or with accounts the
/// names a deployment allows.
@Suite struct HostGuardTests {
  @Test func loopbackAnswersOnlyToItsOwnNamesAndPort() {
    let bound = HostGuard.BoundPort()
    bound.set(8080)
    let guardian = HostGuard(loopback: true, allowedHosts: [], bound: bound)
    for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
      #expect(guardian.accepts(host), "\(host)")
    }
    for host in [
      "rebind.test:8080", "127.0.0.1:8081", "localhost", "127.0.0.1.evil.test:8080", "[::1]", "evil.test",
    ] {
      #expect(!guardian.accepts(host), "\(host)")
    }
  }

  @Test func accountsAnswerToTheAllowedNamesWhenThereAreAny() throws {
    let names = try ServerSettings.hostNames(
      allowed: ["Exhibit.Example.org", "exhibit.internal:8443"], publicURL: "https://audit.example.org/")
    #expect(names == ["exhibit.example.org", "exhibit.internal", "audit.example.org"])
    let guardian = HostGuard(loopback: false, allowedHosts: Set(names), bound: HostGuard.BoundPort())
    #expect(guardian.accepts("exhibit.example.org"))
    #expect(guardian.accepts("audit.example.org:443"))
    #expect(!guardian.accepts("rebind.test"))
    #expect(HostGuard(loopback: false, allowedHosts: [], bound: HostGuard.BoundPort()).accepts("any.example"))
    #expect(throws: ServerError.badHost("ftp://x")) {
      try ServerSettings.hostNames(allowed: [], publicURL: "ftp://x")
    }
  }
}
