import Foundation

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
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The file, for messages.
  /// - Returns: The cues and warnings.
  /// - Throws: ``ParseError`` when the file does not start with the `WEBVTT` signature.
  public static func parse(_ bytes: [UInt8], path: String) throws -> WebVTT {
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    // The parsing rules replace invalid UTF-8 and NULs rather than failing.
    var text = String(decoding: body, as: UTF8.self)
    if body.contains(0) { text = text.replacingOccurrences(of: "\0", with: "\u{FFFD}") }
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    guard let first = lines.first, first.hasPrefix("WEBVTT"),
      first.count == 6 || first.dropFirst(6).first == " " || first.dropFirst(6).first == "\t"
    else {
      throw ParseError(
        path: path, line: 1, reason: "not a WebVTT file (no WEBVTT signature on the first line)")
    }
    var result = WebVTT(cues: [], warnings: [])
    var index = 1
    // The header runs to the first blank line.
    while index < lines.count && !lines[index].isEmpty && !lines[index].contains("-->") { index += 1 }
    while index < lines.count {
      while index < lines.count && lines[index].isEmpty { index += 1 }
      guard index < lines.count else { break }
      let blockStart = index
      var block: [Substring] = []
      while index < lines.count && !lines[index].isEmpty {
        block.append(lines[index])
        index += 1
      }
      result.read(block: block, firstLine: blockStart + 1)
    }
    return result
  }

  private mutating func read(block: [Substring], firstLine: Int) {
    guard let head = block.first else { return }
    if !head.contains("-->") {
      for keyword in ["NOTE", "STYLE", "REGION"] where head.hasPrefix(keyword) {
        let after = head.dropFirst(keyword.count)
        if after.isEmpty || after.first == " " || after.first == "\t" { return }
      }
    }
    var timingIndex = 0
    var identifier: String?
    if !head.contains("-->") {
      guard block.count > 1, block[1].contains("-->") else {
        warnings.append(Warning(line: firstLine, message: "a block without a cue timing line; skipped"))
        return
      }
      identifier = String(head)
      timingIndex = 1
    }
    let timing = block[timingIndex]
    guard let (start, end, settings) = Self.timing(timing) else {
      warnings.append(
        Warning(line: firstLine + timingIndex, message: "bad cue timing `\(timing)`; cue skipped"))
      return
    }
    guard end >= start else {
      warnings.append(
        Warning(line: firstLine + timingIndex, message: "cue ends before it starts; cue skipped"))
      return
    }
    let payload = block[(timingIndex + 1)...].prefix { !$0.contains("-->") }
    cues.append(
      Cue(
        identifier: identifier, startMilliseconds: start, endMilliseconds: end,
        text: Self.plainText(payload.joined(separator: "\n")), settings: settings))
  }

  /// Reads `00:00:00.840 --> 00:00:03.680 align:start` (hours optional).
  static func timing(_ line: Substring) -> (Int, Int, String)? {
    guard let arrow = line.range(of: "-->") else { return nil }
    let left = line[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
    let right = line[arrow.upperBound...].drop { $0 == " " || $0 == "\t" }
    let endText = right.prefix { $0 != " " && $0 != "\t" }
    let settings = right.dropFirst(endText.count).trimmingCharacters(in: .whitespaces)
    guard let start = timestamp(left), let end = timestamp(String(endText)) else { return nil }
    return (start, end, settings)
  }

  /// Reads `hh:mm:ss.ttt` or `mm:ss.ttt` into milliseconds, by the WebVTT timestamp rules.
  static func timestamp(_ text: String) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3 else { return nil }
    let secondsPart = parts[parts.count - 1].split(separator: ".", omittingEmptySubsequences: false)
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
    let total = ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction
    return total
  }

  private static func digits(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }

  /// Cue text without tags, with the character references WebVTT allows decoded.
  static func plainText(_ text: String) -> String {
    var result = ""
    var inTag = false
    for character in text {
      if character == "<" {
        inTag = true
      } else if character == ">" && inTag {
        inTag = false
      } else if !inTag {
        result.append(character)
      }
    }
    // Every reference starts with `&`; most cues have none.
    guard result.utf8.contains(UInt8(ascii: "&")) else { return result }
    for (entity, value) in [
      ("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", "\u{00A0}"), ("&lrm;", "\u{200E}"),
      ("&rlm;", "\u{200F}"), ("&amp;", "&"),
    ] {
      result = result.replacingOccurrences(of: entity, with: value)
    }
    return result
  }

  /// The caption language a sidecar's name gives for a video, or nil when the file is not that
  /// video's sidecar. `checkboxVoiceOver-en-US.vtt` is the `en-US` sidecar of
  /// `checkboxVoiceOver.webm`; `checkboxVoiceOver.vtt` is its sidecar with no language.
  /// - Returns: `.some(nil)` for a sidecar without a language, `.some(tag)` with one.
  public static func sidecarLanguage(captionFile: String, videoStem: String) -> String?? {
    guard captionFile.lowercased().hasSuffix(".vtt") else { return nil }
    let stem = String(captionFile.dropLast(4))
    if stem == videoStem { return .some(nil) }
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
