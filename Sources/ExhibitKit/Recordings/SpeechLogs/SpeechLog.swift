import Foundation

/// What a screen reader or a test driver logged that it said, read from a file: NVDA's log at
/// input/output level (`Speaking [...]` lines, each under a header with its time of day), the
/// spoken phrase log a Guidepup test keeps (a JSON array of strings), AT Driver's captured output
/// (`interaction.capturedOutput` events, as JSON lines or a JSON array), or plain text, one
/// phrase a line. Only NVDA's log has times; the others are aligned to a recording by what
/// Exhibit heard in it (``SpeechLogAlignment``).
public struct SpeechLog: Sendable, Equatable {
  /// Which kind of log it is.
  public enum Format: String, Sendable, Codable {
    case nvda
    case guidepup
    case atDriver = "at-driver"
    case text

    /// The format's name in messages and file headers.
    public var displayName: String {
      switch self {
      case .nvda: "NVDA log"
      case .guidepup: "Guidepup spoken phrase log"
      case .atDriver: "AT Driver captured output"
      case .text: "spoken phrase log (one phrase a line)"
      }
    }
  }

  /// One thing the screen reader said.
  public struct Entry: Sendable, Equatable {
    /// Seconds since the log's first entry; nil where the log has no times.
    public var seconds: Double?
    public var text: String
  }

  public var format: Format
  /// The entries, in the order logged; never empty.
  public var entries: [Entry]

  /// Whether its entries have times.
  public var isTimed: Bool { entries.first?.seconds != nil }

  /// The largest log read (10 MiB): a screen reader's log of a session is far smaller.
  public static let largestFile = 10 << 20

  /// Reads the log at `path`.
  /// - Throws: ``SpeechLogError`` naming the file and why it cannot be read as a log.
  public static func read(path: String) throws -> SpeechLog {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw SpeechLogError(path: path, reason: "cannot be opened: \(String(cString: strerror(errno)))")
    }
    defer { try? handle.close() }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw SpeechLogError(path: path, reason: "is a folder, not a log file")
    }
    let data = (try? handle.read(upToCount: largestFile + 1)) ?? Data()
    guard data.count <= largestFile else {
      throw SpeechLogError(
        path: path, reason: "is larger than \(largestFile >> 20) MiB, more than any speech log")
    }
    guard !data.contains(0), let text = String(data: data, encoding: .utf8) else {
      throw SpeechLogError(path: path, reason: "is not text (UTF-8)")
    }
    return try parse(text, path: path)
  }

  /// Reads a log's text; `path` names it in errors.
  /// - Throws: ``SpeechLogError`` when no format reads it, or it holds nothing said.
  public static func parse(_ text: String, path: String) throws -> SpeechLog {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    let log: SpeechLog
    if trimmed.contains("Speaking [") || trimmed.range(of: "IO - speech.speech.speak") != nil {
      log = SpeechLog(format: .nvda, entries: try nvdaEntries(text, path: path))
    } else if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") {
      log = try jsonLog(trimmed, path: path)
    } else {
      let lines = trimmed.split(whereSeparator: \.isNewline).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      log = SpeechLog(
        format: .text, entries: lines.filter { !$0.isEmpty }.map { Entry(seconds: nil, text: $0) })
    }
    guard !log.entries.isEmpty else {
      throw SpeechLogError(path: path, reason: "holds nothing the screen reader said")
    }
    return log
  }

  /// A Guidepup log (an array of strings) or AT Driver's captured output (events).
  private static func jsonLog(_ text: String, path: String) throws -> SpeechLog {
    var values: [Any] = []
    if let whole = try? JSONSerialization.jsonObject(with: Data(text.utf8)) {
      values = (whole as? [Any]) ?? [whole]
    } else {
      for (number, line) in text.split(whereSeparator: \.isNewline).enumerated() {
        let line = line.trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else { continue }
        guard let value = try? JSONSerialization.jsonObject(with: Data(line.utf8)) else {
          throw SpeechLogError(path: path, reason: "line \(number + 1) is not JSON")
        }
        values.append(value)
      }
    }
    if !values.isEmpty, values.allSatisfy({ $0 is String }) {
      return SpeechLog(
        format: .guidepup,
        entries: values.compactMap { ($0 as? String).map(clean) }.filter { !$0.isEmpty }.map {
          Entry(seconds: nil, text: $0)
        })
    }
    var entries: [Entry] = []
    for value in values {
      guard let event = value as? [String: Any] else {
        throw SpeechLogError(
          path: path, reason: "is JSON, but neither a list of phrases (Guidepup) nor AT Driver events")
      }
      // Other events (session, settings) are not speech.
      guard event["method"] as? String == "interaction.capturedOutput" else { continue }
      guard let data = (event["params"] as? [String: Any])?["data"] as? String else {
        throw SpeechLogError(
          path: path, reason: "an interaction.capturedOutput event has no params.data text")
      }
      let said = clean(data)
      if !said.isEmpty { entries.append(Entry(seconds: nil, text: said)) }
    }
    guard !entries.isEmpty else {
      throw SpeechLogError(
        path: path, reason: "is JSON without an interaction.capturedOutput event or a phrase")
    }
    return SpeechLog(format: .atDriver, entries: entries)
  }

  /// NVDA's `Speaking [...]` lines with the time of their headers, as seconds since the first.
  private static func nvdaEntries(_ text: String, path: String) throws -> [Entry] {
    var entries: [Entry] = []
    var time: Double?
    var first: Double?
    var dayOffset = 0.0
    var last = -1.0
    for line in text.split(whereSeparator: \.isNewline).map(String.init) {
      if line.hasPrefix("IO - ") || line.hasPrefix("DEBUG") || line.hasPrefix("INFO") {
        time = clockTime(line)
        continue
      }
      guard let start = line.range(of: "Speaking [") else { continue }
      guard var seconds = time else {
        throw SpeechLogError(
          path: path, reason: "a Speaking line has no header with its time above it: \(line.prefix(60))")
      }
      if seconds + dayOffset < last { dayOffset += 86_400 }  // past midnight
      seconds += dayOffset
      last = seconds
      if first == nil { first = seconds }
      let said = clean(stringLiterals(String(line[start.upperBound...])).joined(separator: ", "))
      if !said.isEmpty { entries.append(Entry(seconds: seconds - (first ?? seconds), text: said)) }
    }
    return entries
  }

  /// The time of day in a log header, `(14:03:07.250)`, in seconds.
  static func clockTime(_ line: String) -> Double? {
    guard let open = line.firstIndex(of: "(") else { return nil }
    let inside = line[line.index(after: open)...].prefix { $0 != ")" }
    let parts = inside.split(separator: ":")
    guard parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]),
      let seconds = Double(parts[2])
    else { return nil }
    return hours * 3600 + minutes * 60 + seconds
  }

  /// The Python string literals of a `Speaking [...]` list (`'Email'`, `"it's"`), unescaped;
  /// commands between them (`LangChangeCommand ('en_US')`'s argument aside) are not speech.
  static func stringLiterals(_ list: String) -> [String] {
    var found: [String] = []
    let characters = Array(list)
    var index = 0
    var depth = 0
    while index < characters.count {
      let character = characters[index]
      if character == "(" { depth += 1 }
      if character == ")" { depth = max(0, depth - 1) }
      guard character == "'" || character == "\"" else {
        index += 1
        continue
      }
      var literal = ""
      index += 1
      while index < characters.count, characters[index] != character {
        if characters[index] == "\\", index + 1 < characters.count {
          index += 1
          literal.append(characters[index] == "n" ? " " : characters[index])
        } else {
          literal.append(characters[index])
        }
        index += 1
      }
      index += 1
      if depth == 0 { found.append(literal) }
    }
    return found
  }

  /// Runs of whitespace as one space, trimmed.
  private static func clean(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

/// Why a file cannot be read as a speech log.
public struct SpeechLogError: Error, Sendable, Equatable, CustomStringConvertible {
  public let path: String
  public let reason: String
  public var description: String { "\(path): \(reason)" }
}
