import Testing

@testable import ExhibitServer

/// Session tokens, their storage keys and CSRF tokens are lowercase hex of fixed digests, so a
/// session stored by one build is found by the next (the values here were computed with Python's
/// hashlib and hmac).
@Suite struct SessionTokenTests {
  @Test func keysAndCSRFTokensAreTheDigestsInLowercaseHex() {
    #expect(
      SessionTokens.storageKey("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    let tokens = SessionTokens(secretHex: String(repeating: "00", count: 31) + "01")
    #expect(
      tokens.csrfToken(for: "token") == "ecd6bf89e510e6ab40c72973d36845b5dcc7a6cf0f354337e877e95c96c056f3")
  }

  @Test func randomTokensAreWellFormedAndDiffer() {
    let first = SessionTokens.random()
    let second = SessionTokens.random()
    #expect(SessionTokens.isWellFormed(first) && SessionTokens.isWellFormed(second))
    #expect(first != second)
  }
}
