import ExhibitKit
import Foundation

/// Writes results to stdout and diagnostics to stderr, in the formats the CLI promises.
enum Console {
  /// Prints a result line on stdout.
  static func out(_ line: String) {
    print(TerminalText.safe(line))
  }

  /// Prints lines, made safe for a terminal, in one write after what ``out(_:)`` buffered.
  static func out(lines: [String]) {
    var text = ""
    for line in lines {
      text += TerminalText.safe(line)
      text += "\n"
    }
    fflush(nil)
    write(text, to: STDOUT_FILENO)
  }

  /// Writes a document ExhibitKit rendered (a report's YAML or HTML, escaped by its own rules) on
  /// stdout as it is.
  static func document(_ text: String) {
    write(text, to: STDOUT_FILENO)
  }

  /// Prints a JSON document ExhibitKit wrote (its strings escaped already) on stdout, with a newline.
  static func rawJSON(_ text: String) {
    write(text + "\n", to: STDOUT_FILENO)
  }

  /// Prints `exhibit: error: <subject>: <reason>` on stderr.
  static func error(_ message: String) {
    write("exhibit: error: \(TerminalText.safe(message))\n", to: STDERR_FILENO)
  }

  /// Writes the text's bytes on a descriptor as they are, whole (a write cut short by a signal or
  /// a full pipe goes on); a reader that went away ends it. Plain `write(2)`: `FileHandle` and
  /// `Data` cost a command's start a scan of every conformance in the binary.
  static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
  }

  /// Writes `bytes` on a descriptor whole, as ``write(_:to:)`` writes a text's.
  static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
    guard let start = bytes.baseAddress else { return }
    var offset = 0
    while offset < bytes.count {
      let written = Foundation.write(descriptor, start + offset, bytes.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0, errno == EINTR {
        continue
      } else if written < 0, errno == EAGAIN {
        // A descriptor left non-blocking by whoever started the command: wait until it drains.
        var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&ready, 1, -1)
      } else {
        return
      }
    }
  }

  /// Prints `exhibit: warning: <message>` on stderr.
  static func warning(_ message: String) {
    write("exhibit: warning: \(TerminalText.safe(message))\n", to: STDERR_FILENO)
  }

  /// Prints a progress line on stderr, only when stderr is a terminal.
  static func progress(_ line: String) {
    guard isatty(STDERR_FILENO) == 1 else { return }
    write("\r\u{1B}[K\(line)", to: STDERR_FILENO)
  }

  /// Ends a progress line, when one was printed.
  static func endProgress() {
    guard isatty(STDERR_FILENO) == 1 else { return }
    write("\r\u{1B}[K", to: STDERR_FILENO)
  }

  /// Encodes a value as one JSON document with snake_case keys and prints it on stdout.
  static func json<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    var document = data
    document.append(UInt8(ascii: "\n"))
    document.withUnsafeBytes { write($0, to: STDOUT_FILENO) }
  }
}
