import Foundation
import Logging
import NIOConcurrencyHelpers

/// The server's diagnostics as a swift-log handler: `exhibit serve: MESSAGE` on stderr (stdout
/// carries only the `listening on` line). At most ``linesPerMinute`` lines a minute are written,
/// shared by every copy of the handler, so that a client cannot fill the log; the next line after
/// a quiet spell says how many were held back.
public struct ServerLogHandler: LogHandler {
  static let linesPerMinute = 20

  /// This minute's count, shared by every copy (loggers copy their handler per request).
  public final class Window: Sendable {
    let state = NIOLockedValueBox<(start: Date, written: Int, suppressed: Int)>((.distantPast, 0, 0))

    /// A fresh count.
    public init() {}
  }

  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level = .error
  let window: Window
  let clock: @Sendable () -> Date
  let write: @Sendable (String) -> Void

  /// A handler writing to stderr, by the wall clock.
  public init(
    window: Window = Window(), clock: @escaping @Sendable () -> Date = { Date() },
    write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
  ) {
    self.window = window
    self.clock = clock
    self.write = write
  }

  /// The logger `exhibit serve` hands the server.
  public static func logger() -> Logger {
    let window = Window()
    return Logger(label: "exhibit-serve") { _ in ServerLogHandler(window: window) }
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    let now = clock()
    let message = event.message.description
    let line: String? = window.state.withLockedValue { window in
      if now.timeIntervalSince(window.start) >= 60 {
        let held = window.suppressed
        window = (now, 0, 0)
        if held > 0 {
          window.written = 1
          return
            "exhibit serve: (\(held) more lines held back in the last minute)\nexhibit serve: \(message)\n"
        }
      }
      guard window.written < Self.linesPerMinute else {
        window.suppressed += 1
        return nil
      }
      window.written += 1
      return "exhibit serve: \(message)\n"
    }
    if let line { write(line) }
  }
}
