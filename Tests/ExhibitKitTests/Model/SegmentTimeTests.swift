import ExhibitModel
import Testing

@Suite struct SegmentTimeTests {
  @Test(arguments: [
    ("2.5", 2.5), ("2,5", 2.5), ("0:02.5", 2.5), ("1:02.5", 62.5), ("1:02,5", 62.5), ("12", 12.0),
    (" 3.25 ", 3.25), (".5", 0.5), ("1:00:02.250", 3602.25), ("0:00", 0.0),
  ])
  func readsTheFormsAuditorsType(text: String, seconds: Double) throws {
    #expect(try SegmentTime.seconds(text) == seconds)
  }

  @Test(arguments: [
    ("", "nothing was typed"), ("2.5.1", "more than one decimal separator"),
    ("1,000.5", "more than one decimal separator"), ("25s", "only digits"), ("-1", "never negative"),
    ("1:75", "two digits under 60"), ("1:2.5", "two digits under 60"), ("2.", "no digits follow"),
    ("1:2:3:4", "more than hours"), ("2.5001", "more precise than a millisecond"), ("1e3", "only digits"),
    ("abc", "only digits"), ("1::02", "not a whole number"),
  ])
  func refusesAnythingElseSayingWhy(text: String, reason: String) {
    #expect(throws: SegmentTime.ParseError.self) { try SegmentTime.seconds(text) }
    do {
      _ = try SegmentTime.seconds(text)
    } catch {
      #expect(error.description.contains(reason), "\(text): \(error)")
    }
  }

  @Test func showsTheParsedTimeAsAClock() {
    #expect(SegmentTime.clock(2.5) == "0:02.500")
    #expect(SegmentTime.clock(62.5) == "1:02.500")
    #expect(SegmentTime.clock(3602.25) == "1:00:02.250")
  }
}
