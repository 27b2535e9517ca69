import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import ExhibitServer

/// The server's log is rate-limited, so a client cannot fill it, and says what it held back.
@Suite struct ServerLogHandlerTests {
  @Test func atMostTwentyLinesAMinuteThenACountOfTheRest() {
    let lines = NIOLockedValueBox<[String]>([])
    let now = NIOLockedValueBox(Date(timeIntervalSince1970: 1_000_000))
    let window = ServerLogHandler.Window()
    let logger = Logger(label: "test") { _ in
      ServerLogHandler(
        window: window, clock: { now.withLockedValue { $0 } },
        write: { line in lines.withLockedValue { $0.append(line) } })
    }
    for number in 1...25 { logger.error("failure \(number)") }
    logger.info("below the level")
    #expect(lines.withLockedValue { $0.count } == ServerLogHandler.linesPerMinute)
    #expect(lines.withLockedValue { $0.first } == "exhibit serve: failure 1\n")
    now.withLockedValue { $0 += 61 }
    logger.error("later")
    #expect(
      lines.withLockedValue { $0.last }
        == "exhibit serve: (5 more lines held back in the last minute)\nexhibit serve: later\n")
  }
}
