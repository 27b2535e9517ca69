import Foundation

/// Small readings of criteria text that every format shares.
enum CriteriaText {
  /// A bullet line: its indentation (in columns, tabs as 4) and its text without the marker.
  struct Bullet {
    let indent: Int
    let text: String
  }

  /// Reads `- text`, `* text`, `• text` or `1. text` (any indentation); nil for other lines.
  static func bullet(_ line: Substring) -> Bullet? {
    let indent = indentation(line)
    let rest = line.drop { $0 == " " || $0 == "\t" }
    if let marker = rest.first, marker == "-" || marker == "*" || marker == "•" || marker == "+" {
      let after = rest.dropFirst()
      guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
      return Bullet(indent: indent, text: clean(after))
    }
    return nil
  }

  /// Reads `1. text` or `1) text`: the number and the text.
  static func numbered(_ line: Substring) -> (number: Int, text: String)? {
    let rest = line.drop { $0 == " " || $0 == "\t" }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 3, let number = Int(digits) else { return nil }
    let after = rest.dropFirst(digits.count)
    guard let dot = after.first, dot == "." || dot == ")" else { return nil }
    let text = after.dropFirst()
    guard text.isEmpty || text.first == " " || text.first == "\t" else { return nil }
    return (number, clean(text))
  }

  /// Columns of leading white space.
  static func indentation(_ line: Substring) -> Int {
    var columns = 0
    for character in line {
      if character == " " { columns += 1 } else if character == "\t" { columns += 4 } else { break }
    }
    return columns
  }

  /// Trims white space and collapses runs of it to one space.
  static func clean<S: StringProtocol>(_ text: S) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// Removes markdown emphasis and code marks: `**UIKit**` reads `UIKit`.
  static func plain(_ text: String) -> String {
    clean(text.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: ""))
  }

  /// Splits `Label: expectation` at the first colon followed by a space (or the end).
  static func labelled(_ text: String) -> (label: String, expectation: String)? {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let label = clean(text[..<colon])
    let expectation = clean(text[text.index(after: colon)...])
    let after = text.index(after: colon)
    guard !label.isEmpty, label.count <= 80, after == text.endIndex || text[after] == " " else {
      return nil
    }
    return (label, expectation)
  }

  /// The key form of a label: lowercase ASCII words joined by `-` (`Tab, arrow keys or ctl+tab`
  /// gives `tab-arrow-keys-or-ctl-tab`).
  static func slug(_ text: String) -> String {
    var slug = ""
    var pendingDash = false
    for scalar in text.lowercased().unicodeScalars {
      if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
        if pendingDash && !slug.isEmpty { slug.append("-") }
        pendingDash = false
        slug.unicodeScalars.append(scalar)
      } else {
        pendingDash = true
      }
    }
    return slug.isEmpty ? "item" : slug
  }

  /// An expectation as stored: cleaned, without a closing period, so `states.` and `states`
  /// written in two formats read the same.
  static func expectation(_ text: String) -> String {
    var cleaned = clean(text)
    while cleaned.hasSuffix(".") && !cleaned.hasSuffix("..") { cleaned.removeLast() }
    return cleaned
  }

  /// Whether an expectation says the item does not apply (`n/a`, `N/A.`, `Not applicable`).
  static func isNotApplicable(_ expectation: String) -> Bool {
    let lowered = expectation.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
    return lowered == "n/a" || lowered == "na" || lowered == "not applicable"
      || lowered.hasPrefix("n/a ") || lowered.hasPrefix("n/a,")
  }

  /// The platforms an expectation names (`Activates on Android`; `a checkbox in Android and a
  /// Button or checkbox in iOS`), kept within the family's platforms; the family's defaults when
  /// it names none.
  static func platforms(in expectation: String, family: Family, section: CriteriaSection) -> [Platform] {
    platforms(named: namedPlatforms(in: expectation), family: family, section: section)
  }

  /// The platforms a text names (`on iOS`, `Android only`, `in Android and … in iOS`).
  static func namedPlatforms(in text: String) -> Set<Platform> {
    let words = Set(SessionContext.words(in: text))
    var named: Set<Platform> = []
    if words.contains("ios") || words.contains("iphone") || words.contains("ipad") { named.insert(.ios) }
    if words.contains("android") || words.contains("andriod") { named.insert(.android) }
    if words.contains("macos") || (words.contains("mac") && words.contains("os")) { named.insert(.macos) }
    if words.contains("windows") { named.insert(.windows) }
    return named
  }

  /// The named platforms an item of `section` in a `family` document may apply to; all of the
  /// family's (mobile ones for web gestures) when none is named.
  static func platforms(named: Set<Platform>, family: Family, section: CriteriaSection) -> [Platform] {
    var allowed = Platform.defaults(for: family)
    if family == .web && section == .gestures { allowed = allowed.filter(\.isMobile) }
    let chosen = allowed.filter { named.contains($0) }
    return chosen.isEmpty ? allowed : chosen
  }

  /// The section a heading names: `Test keyboard only, then screen reader + keyboard actions`
  /// is keyboard; `Listen to screenreader output on all devices` is screenreader.
  static func section(forHeading heading: String) -> CriteriaSection? {
    let lowered = heading.lowercased()
    if lowered.contains("keyboard") { return .keyboard }
    if lowered.contains("gesture") || lowered == "mobile" { return .gestures }
    if lowered.contains("screenreader output") || lowered.contains("screen reader output")
      || lowered == "screenreader" || lowered.hasPrefix("listen")
    {
      return .screenreader
    }
    if lowered.contains("setting") { return .settings }
    return nil
  }

  /// A criteria item read from a `Label: expectation` line in a section. Its platforms and
  /// not-applicable flag are left for ``CriteriaScope`` to read once every line of the item is
  /// known and the document's family is settled (``CriteriaParser``).
  static func item(_ text: String, section: CriteriaSection, line: Int) -> CriteriaItem? {
    let label: String
    let expectation: String
    if let pair = labelled(text) {
      label = pair.label
      expectation = pair.expectation
    } else {
      let words = clean(text).split(separator: " ")
      guard !words.isEmpty else { return nil }
      label = words.prefix(4).joined(separator: " ")
      expectation = clean(text)
    }
    let cleanedExpectation = Self.expectation(expectation)
    return CriteriaItem(
      section: section, label: label, slug: slug(label), expectation: cleanedExpectation,
      platforms: [], notApplicable: false, line: line)
  }

  /// Makes item keys unique within a document: a second `name` becomes `name-2`.
  static func uniquingSlugs(_ items: [CriteriaItem]) -> [CriteriaItem] {
    // A numbered slug can meet a label that slugs to the same text ("Name", "Name", "Name 2"),
    // so numbers skip keys already taken. Found by fuzzing.
    var taken = Set<String>()
    var nextNumber: [String: Int] = [:]
    return items.map { item in
      var copy = item
      if taken.contains(item.localKey) {
        var number = nextNumber[item.localKey] ?? 2
        while taken.contains("\(item.section.rawValue).\(item.slug)-\(number)") { number += 1 }
        nextNumber[item.localKey] = number + 1
        copy.slug = "\(item.slug)-\(number)"
      }
      taken.insert(copy.localKey)
      return copy
    }
  }

  /// The WCAG success criterion numbers a line names (`1.4.4`, `2.4.7`), as written or in a W3C
  /// Understanding or Techniques link's numbered form; a line with none gives none.
  static func successCriteria(in line: String) -> [String] {
    var found: [String] = []
    var digits = ""
    // Runs of digits and dots: `1.4.4`, `4.1.2.` (a sentence's end), never `12.3.4.5`.
    for character in line + " " {
      if character.isASCII && (character.isNumber || character == ".") {
        digits.append(character)
        continue
      }
      let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
      let trimmed = parts.last == "" ? Array(parts.dropLast()) : parts
      if trimmed.count == 3, let first = Int(trimmed[0]), (1...4).contains(first),
        trimmed.allSatisfy({ !$0.isEmpty && $0.count <= 2 })
      {
        let number = trimmed.joined(separator: ".")
        if !found.contains(number) { found.append(number) }
      }
      digits = ""
    }
    return found
  }
}
