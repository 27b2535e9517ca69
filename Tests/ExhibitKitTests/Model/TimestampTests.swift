import Foundation
import Testing

@testable import ExhibitKit

@Suite struct TimestampTests {
  @Test func writesWhatFoundationsISO8601FormatterWrites() {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    formatter.timeZone = TimeZone(identifier: "UTC")
    var generator = SystemRandomNumberGenerator()
    let known = [0, 1_795_269_302_123, 946_684_799_999, 951_782_400_000, 253_402_300_799_999]
    let random = (0..<2_000).map { _ in Int64.random(in: 0..<253_402_300_800_000, using: &generator) }
    for milliseconds in known.map(Int64.init) + random {
      let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
      // Both truncate to the millisecond; compare on the exact millisecond the value holds.
      let exact = Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
      #expect(Timestamp.string(date) == formatter.string(from: exact), "\(milliseconds)")
    }
    #expect(Timestamp.string(Date(timeIntervalSince1970: 1_795_269_302.123_4)) == "2026-11-21T13:55:02.123Z")
  }

  @Test func beforeNineteenSeventyTheMillisecondsStayPositive() {
    #expect(Timestamp.string(Date(timeIntervalSince1970: -0.25)) == "1969-12-31T23:59:59.750Z")
    #expect(Timestamp.string(Date(timeIntervalSince1970: -86_400)) == "1969-12-31T00:00:00.000Z")
  }
}
