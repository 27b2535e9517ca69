/// A WebVTT caption file read by the W3C WebVTT parsing rules: what the screen reader said, when.
public struct WebVTT: Sendable, Equatable {
  /// One cue.
  public struct Cue: Sendable, Equatable {
    /// The cue identifier line, when the cue has one.
    public var identifier: String?
    public var startMilliseconds: Int
    public var endMilliseconds: Int
    /// The cue text with tags (`<v Speaker>`, `<b>`) removed and entities decoded.
    public var text: String
    /// The cue settings after the end time, e.g. `align:start line:0`.
    public var settings: String
  }

  /// A problem that skipped a cue, with its line.
  public struct Warning: Sendable, Equatable {
    public var line: Int
    public var message: String
  }

  public var cues: [Cue]
  public var warnings: [Warning]

  /// Why a file is not WebVTT at all.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let reason: String
    public var description: String { "\(path):\(line): \(reason)" }
  }

  /// Parses caption bytes.
  ///
  /// Accepts a byte-order mark and LF, CRLF or lone CR line endings; timestamps with or
  /// without hours; cue identifiers; NOTE, STYLE and REGION blocks (skipped); cue settings.
  /// A file holding only the `WEBVTT` line has zero cues. A cue with a bad timing line is
  /// skipped with a warning and the rest are read.
  ///
  /// The file's structure (line ends, `-->`, keywords, timestamps, tags) is all ASCII, so it is
  /// read from the bytes as the parsing rules read code points; only identifiers, settings and
  /// cue text are decoded, with invalid UTF-8 and NULs replaced by U+FFFD as the rules say.
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The file, for messages.
  /// - Returns: The cues and warnings.
  /// - Throws: ``ParseError`` when the file does not start with the `WEBVTT` signature.
  public static func parse(_ bytes: [UInt8], path: String) throws -> WebVTT {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
    // Lines are read one at a time, never gathered: a file of millions of blank lines costs no
    // memory beyond the block being read.
    var lines = LineCursor(body: body)
    guard let first = lines.next(), isSignature(first) else {
      throw ParseError(
        path: path, line: 1, reason: "not a WebVTT file (no WEBVTT signature on the first line)")
    }
    var result = WebVTT(cues: [], warnings: [])
    var block: [ArraySlice<UInt8>] = []
    var blockStart = 0
    var lineNumber = 1
    // The header runs to the first blank line (or a timing line, which begins the first block).
    while let line = lines.next() {
      lineNumber += 1
      if line.isEmpty { break }
      if arrow(in: line) != nil {
        block = [line]
        blockStart = lineNumber
        break
      }
    }
    func finishBlock() throws {
      guard !block.isEmpty else { return }
      result.read(block: block[...], firstLine: blockStart)
      block.removeAll(keepingCapacity: true)
      if result.cues.count > maximumCues {
        throw ParseError(
          path: path, line: blockStart,
          reason: "more than \(maximumCues) cues; Exhibit reads captions of up to \(maximumCues) cues")
      }
    }
    while let line = lines.next() {
      lineNumber += 1
      if line.isEmpty {
        try finishBlock()
      } else {
        if block.isEmpty { blockStart = lineNumber }
        block.append(line)
      }
    }
    try finishBlock()
    return result
  }

  /// The most cues a caption file may hold: more than a cue every 15 ms of an hour.
  public static let maximumCues = 250_000

  /// The lines of a file, one at a time, ended by LF, CRLF or a lone CR; the last line is what
  /// follows the last line end (empty when the file ends with one).
  private struct LineCursor {
    let body: ArraySlice<UInt8>
    var index: Int
    var finished = false

    init(body: ArraySlice<UInt8>) {
      self.body = body
      index = body.startIndex
    }

    mutating func next() -> ArraySlice<UInt8>? {
      guard !finished else { return nil }
      let lineStart = index
      while index < body.endIndex {
        let byte = body[index]
        index += 1
        guard byte == .lineFeed || byte == .carriageReturn else { continue }
        let line = body[lineStart..<(index - 1)]
        if byte == .carriageReturn, index < body.endIndex, body[index] == .lineFeed { index += 1 }
        return line
      }
      finished = true
      return body[lineStart..<body.endIndex]
    }
  }

  /// `WEBVTT`, alone or followed by a space or a tab and anything.
  private static func isSignature(_ line: ArraySlice<UInt8>) -> Bool {
    guard line.starts(with: "WEBVTT".utf8) else { return false }
    let after = line.dropFirst(6)
    return after.isEmpty || after.first == .space || after.first == .tab
  }

  /// Where the line's first `-->` starts.
  private static func arrow(in line: ArraySlice<UInt8>) -> Int? {
    var index = line.startIndex
    while index + 2 < line.endIndex {
      if line[index] == .hyphen, line[index + 1] == .hyphen, line[index + 2] == .greaterThan { return index }
      index += 1
    }
    return nil
  }

  private mutating func read(block: ArraySlice<ArraySlice<UInt8>>, firstLine: Int) {
    guard let head = block.first else { return }
    let headIsTiming = Self.arrow(in: head) != nil
    if !headIsTiming {
      for keyword in ["NOTE", "STYLE", "REGION"] where head.starts(with: keyword.utf8) {
        let after = head.dropFirst(keyword.utf8.count)
        if after.isEmpty || after.first == .space || after.first == .tab { return }
      }
    }
    var timingIndex = block.startIndex
    var identifier: String?
    if !headIsTiming {
      guard block.count > 1, Self.arrow(in: block[timingIndex + 1]) != nil else {
        warnings.append(Warning(line: firstLine, message: "a block without a cue timing line; skipped"))
        return
      }
      identifier = Self.text(head)
      timingIndex += 1
    }
    let timing = block[timingIndex]
    let timingLine = firstLine + timingIndex - block.startIndex
    guard let (start, end, settings) = Self.timing(timing) else {
      warnings.append(
        Warning(line: timingLine, message: "bad cue timing `\(Self.text(timing))`; cue skipped"))
      return
    }
    guard end >= start else {
      warnings.append(Warning(line: timingLine, message: "cue ends before it starts; cue skipped"))
      return
    }
    let payload = block[(timingIndex + 1)...].prefix { Self.arrow(in: $0) == nil }
    cues.append(
      Cue(
        identifier: identifier, startMilliseconds: start, endMilliseconds: end,
        text: Self.plainText(payload), settings: settings))
  }

  /// Reads `00:00:00.840 --> 00:00:03.680 align:start` (hours optional).
  static func timing(_ line: ArraySlice<UInt8>) -> (Int, Int, String)? {
    guard let arrow = arrow(in: line) else { return nil }
    let right = line[(arrow + 3)...].drop(while: \.isVTTWhitespace)
    let endText = right.prefix { !$0.isVTTWhitespace }
    let settings = trimmed(right.dropFirst(endText.count))
    guard let start = timestamp(trimmed(line[..<arrow])), let end = timestamp(endText) else { return nil }
    return (start, end, text(settings))
  }

  /// The bytes without the WebVTT whitespace (space, tab, form feed) at either end.
  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    let start = bytes.drop(while: \.isVTTWhitespace)
    guard let last = start.lastIndex(where: { !$0.isVTTWhitespace }) else {
      return start[start.startIndex..<start.startIndex]
    }
    return start[...last]
  }

  /// Reads `hh:mm:ss.ttt` or `mm:ss.ttt` into milliseconds, by the WebVTT timestamp rules.
  static func timestamp(_ text: ArraySlice<UInt8>) -> Int? {
    let parts = text.split(separator: .colon, omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3 else { return nil }
    let secondsPart = parts[parts.count - 1].split(separator: .period, omittingEmptySubsequences: false)
    guard secondsPart.count == 2, secondsPart[0].count == 2, secondsPart[1].count == 3,
      let seconds = digits(secondsPart[0]), let fraction = digits(secondsPart[1]),
      parts[parts.count - 2].count == 2, let minutes = digits(parts[parts.count - 2]),
      minutes < 60, seconds < 60
    else { return nil }
    var hours = 0
    if parts.count == 3 {
      guard parts[0].count >= 2, let value = digits(parts[0]) else { return nil }
      hours = value
    }
    return ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction
  }

  /// One to nine ASCII digits, as a number.
  private static func digits(_ text: ArraySlice<UInt8>) -> Int? {
    guard !text.isEmpty, text.count <= 9 else { return nil }
    var value = 0
    for byte in text {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }

  /// Bytes of the file as text: invalid UTF-8 and NULs become U+FFFD.
  private static func text(_ bytes: ArraySlice<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    guard bytes.contains(0) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { scalars.append(scalar.value == 0 ? "\u{FFFD}" : scalar) }
    return String(scalars)
  }

  /// Cue text lines joined, without tags, with the character references WebVTT allows decoded.
  static func plainText(_ lines: some Collection<ArraySlice<UInt8>>) -> String {
    var joined: [UInt8] = []
    for (number, line) in lines.enumerated() {
      if number > 0 { joined.append(.lineFeed) }
      joined += line
    }
    // Decoded first, so a tag never takes part of a byte sequence the decoding replaces.
    let decoded = text(joined[...])
    var stripped: [UInt8] = []
    stripped.reserveCapacity(decoded.utf8.count)
    var inTag = false
    var hasReference = false
    for byte in decoded.utf8 {
      if byte == .lessThan {
        inTag = true
      } else if byte == .greaterThan && inTag {
        inTag = false
      } else if !inTag {
        stripped.append(byte)
        hasReference = hasReference || byte == .ampersand
      }
    }
    // Every reference starts with `&`; most cues have none.
    guard hasReference else { return String(decoding: stripped, as: UTF8.self) }
    return String(decoding: decodingReferences(stripped), as: UTF8.self)
  }

  /// The references WebVTT allows in cue text, each read once, left to right.
  private static let references: [(name: [UInt8], value: [UInt8])] = [
    ("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", "\u{00A0}"), ("&lrm;", "\u{200E}"), ("&rlm;", "\u{200F}"),
    ("&amp;", "&"),
  ].map { (Array($0.0.utf8), Array($0.1.utf8)) }

  private static func decodingReferences(_ text: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(text.count)
    var index = 0
    scan: while index < text.count {
      if text[index] == .ampersand {
        for reference in references where text[index...].starts(with: reference.name) {
          result += reference.value
          index += reference.name.count
          continue scan
        }
      }
      result.append(text[index])
      index += 1
    }
    return result
  }

  /// What a speech log's sidecar adds to its recording's name: `checkbox.webm`'s is
  /// `checkbox.speech.vtt`.
  public static let speechLogInfix = ".speech"

  /// The caption language a sidecar's name gives for a video, or nil when the file is not that
  /// video's sidecar. `checkboxVoiceOver-en-US.vtt` is the `en-US` sidecar of
  /// `checkboxVoiceOver.webm`; `checkboxVoiceOver.vtt` is its sidecar with no language.
  /// - Returns: `.some(nil)` for a sidecar without a language, `.some(tag)` with one.
  public static func sidecarLanguage(captionFile: String, videoStem: String) -> String?? {
    guard captionFile.lowercased().hasSuffix(".vtt") else { return nil }
    let stem = String(captionFile.dropLast(4))
    // `name.speech.vtt`: a speech log Exhibit placed on the recording (`recordings speech`).
    if stem == videoStem || stem == videoStem + speechLogInfix { return .some(nil) }
    for separator in ["-", "."] where stem.hasPrefix(videoStem + separator) {
      let tag = String(stem.dropFirst(videoStem.count + 1))
      if isLanguageTag(tag) { return .some(tag) }
    }
    return nil
  }

  /// A BCP 47 shape: a 2–3 letter language, then subtags of 2–8 letters or digits.
  static func isLanguageTag(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy(\.isLetter) else {
      return false
    }
    return parts.dropFirst().allSatisfy {
      (2...8).contains($0.count) && $0.allSatisfy { $0.isLetter || $0.isNumber }
    }
  }
}

extension UInt8 {
  fileprivate static let tab = UInt8(ascii: "\t")
  fileprivate static let lineFeed = UInt8(ascii: "\n")
  fileprivate static let formFeed: UInt8 = 0x0C
  fileprivate static let carriageReturn = UInt8(ascii: "\r")
  fileprivate static let space = UInt8(ascii: " ")
  fileprivate static let ampersand = UInt8(ascii: "&")
  fileprivate static let hyphen = UInt8(ascii: "-")
  fileprivate static let period = UInt8(ascii: ".")
  fileprivate static let colon = UInt8(ascii: ":")
  fileprivate static let lessThan = UInt8(ascii: "<")
  fileprivate static let greaterThan = UInt8(ascii: ">")

  /// Space, tab or form feed: the whitespace a WebVTT line can hold.
  fileprivate var isVTTWhitespace: Bool { self == .space || self == .tab || self == .formFeed }
}
