import Testing

@testable import ExhibitServer

/// RFC 9110 single byte ranges, as a player asks for them.
@Suite struct ByteRangeTests {
  @Test(arguments: [
    ("bytes=0-9", ByteRange.partial(0...9)),
    ("bytes=10-", .partial(10...99)),
    ("bytes=-5", .partial(95...99)),
    ("bytes=-500", .partial(0...99)),
    ("bytes=90-500", .partial(90...99)),
    ("bytes=99-99", .partial(99...99)),
    ("bytes=100-", .unsatisfiable),
    ("bytes=100-200", .unsatisfiable),
    ("bytes=99999999999999999999-", .unsatisfiable),
    ("bytes=-0", .unsatisfiable),
    ("bytes=5-2", .whole),
    ("bytes=0-1,5-6", .whole),
    ("bytes=a-b", .whole),
    ("items=0-1", .whole),
    ("bytes=", .whole),
    ("BYTES=1-2", .partial(1...2)),
  ])
  func readsARangeAgainstALength(header: String, expected: ByteRange) {
    #expect(ByteRange(header: header, length: 100) == expected)
  }

  @Test func noHeaderIsTheWholeFile() {
    #expect(ByteRange(header: nil, length: 100) == .whole)
  }

  @Test func anEmptyFileSatisfiesNoRange() {
    #expect(ByteRange(header: "bytes=0-", length: 0) == .unsatisfiable)
    #expect(ByteRange(header: "bytes=-1", length: 0) == .unsatisfiable)
  }
}
