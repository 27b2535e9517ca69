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
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes a document ExhibitKit rendered (a report's YAML or HTML, escaped by its own rules) on
  /// stdout as it is.
  static func document(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Prints a JSON document ExhibitKit wrote (its strings escaped already) on stdout, with a newline.
  static func rawJSON(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Prints `exhibit: error: <subject>: <reason>` on stderr.
  static func error(_ message: String) {
    FileHandle.standardError.write(Data("exhibit: error: \(TerminalText.safe(message))\n".utf8))
  }

  /// Prints `exhibit: warning: <message>` on stderr.
  static func warning(_ message: String) {
    FileHandle.standardError.write(Data("exhibit: warning: \(TerminalText.safe(message))\n".utf8))
  }

  /// Prints a progress line on stderr, only when stderr is a terminal.
  static func progress(_ line: String) {
    guard isatty(STDERR_FILENO) == 1 else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
  }

  /// Ends a progress line, when one was printed.
  static func endProgress() {
    guard isatty(STDERR_FILENO) == 1 else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }

  /// Encodes a value as one JSON document with snake_case keys and prints it on stdout.
  static func json<T: Encodable>(_ value: T) throws {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    FileHandle.standardOutput.write(data)
    FileHandle.standardOutput.write(Data("\n".utf8))
  }
}
