import Testing

@testable import ExhibitKit

/// Trimming names typed on the command line (components, auditors) without Foundation.
@Suite struct WhitespaceTests {
  @Test func trimsUnicodeWhiteSpaceAtBothEndsOnly() {
    #expect(" \tnative/checkbox \n".trimmingWhitespace == "native/checkbox")
    // An em space and an ideographic space are white space too; the space inside stays.
    #expect("\u{2003}Ana María\u{3000}".trimmingWhitespace == "Ana María")
    #expect(" \t\r\n ".trimmingWhitespace.isEmpty)
    #expect("".trimmingWhitespace.isEmpty)
    #expect("x".trimmingWhitespace == "x")
  }
}
