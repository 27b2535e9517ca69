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

  /// `bytes=FIRST-LAST` is read by a shortcut; `Bytes=` (any case is allowed) takes the general
  /// parse. The two agree on every range of every small length.
  @Test func theShortcutReadsAsTheGeneralParse() {
    let numbers = [0, 1, 2, 5, 9, 10, 11, 99, 100, 101, 999_999_999_999_999_999]
    for length in [0, 1, 2, 10, 100] {
      for first in numbers {
        let open = "\(first)-"
        #expect(
          ByteRange(header: "bytes=" + open, length: Int64(length))
            == ByteRange(header: "Bytes=" + open, length: Int64(length)), "\(open) of \(length)")
        for last in numbers {
          let spec = "\(first)-\(last)"
          #expect(
            ByteRange(header: "bytes=" + spec, length: Int64(length))
              == ByteRange(header: "Bytes=" + spec, length: Int64(length)), "\(spec) of \(length)")
        }
      }
    }
    #expect(ByteRange.plainRange("bytes=5-9")! == (5, 9))
    #expect(ByteRange.plainRange("bytes= 5-9") == nil)
  }
}
