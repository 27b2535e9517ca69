import ExhibitModel
import Foundation
import Testing

@Suite struct DisplayTextTests {
  /// `clock` is written out by hand; it reads as the `%d:%02d.%d` it replaced for every tenth of
  /// the first two hours, and around each minute's edges.
  @Test func aClockReadsAsPrintfWroteIt() {
    for tenths in 0...72_000 {
      let seconds = Double(tenths) / 10
      let rounded = Int((seconds * 10).rounded())
      let printf = String(format: "%d:%02d.%d", rounded / 600, (rounded / 10) % 60, rounded % 10)
      if DisplayText.clock(seconds) != printf {
        Issue.record("\(seconds) s: \(DisplayText.clock(seconds)), not \(printf)")
        return
      }
    }
    #expect(DisplayText.clock(0) == "0:00.0")
    #expect(DisplayText.clock(59.96) == "1:00.0")
    #expect(DisplayText.clock(61.04) == "1:01.0")
    #expect(DisplayText.clock(3725.3) == "62:05.3")
  }
}
