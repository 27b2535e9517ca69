import Foundation

/// Collects developer notes and announcement examples as a parser walks a notes section.
///
/// Tracks the platform (from `## iOS Developer Notes`, a plain `iOS` line, or a `**iOS Tips**`
/// bullet), the topic (`### Name`), and the framework a bullet sits under (`**UIKit**`,
/// `**SwiftUI**`, `**Android Views**`, `**Jetpack Compose**`), which ends where a bullet at the
/// framework bullet's indentation or less begins.
struct DeveloperNotesCollector {
  private(set) var notes: [DeveloperNote] = []
  private(set) var announcements: [AnnouncementExample] = []
  private var platform = "general"
  private var topic = ""
  private var framework: (name: String, indent: Int)?
  private var markerPlatform: (name: String, indent: Int)?

  /// Starts a platform's notes; clears topic and framework.
  mutating func begin(platform: String) {
    self.platform = platform
    topic = ""
    framework = nil
    markerPlatform = nil
  }

  /// Starts a topic under the current platform (`Name`, `Role`, `Announcement examples`, ...).
  mutating func begin(topic heading: String) {
    topic = CriteriaText.clean(heading).lowercased()
    framework = nil
    markerPlatform = nil
  }

  /// Starts a framework's notes from a heading (`#### **SwiftUI**`): it lasts until the next
  /// heading, whatever the bullets' indentation.
  mutating func begin(frameworkHeading name: String) {
    framework = (name, -1)
    markerPlatform = nil
  }

  /// Whether the current topic lists announcements.
  var inAnnouncements: Bool { topic.hasPrefix("announcement") }

  /// Adds a bullet at an indentation.
  mutating func add(bullet text: String, indent: Int) {
    if let current = framework, indent <= current.indent { framework = nil }
    if let current = markerPlatform, indent <= current.indent { markerPlatform = nil }
    let plain = CriteriaText.plain(text)
    if let name = Self.framework(named: plain) {
      framework = (name, indent)
      return
    }
    if let name = Self.platform(named: plain) {
      markerPlatform = (name, indent)
      return
    }
    guard !plain.isEmpty else { return }
    let effectivePlatform = markerPlatform?.name ?? Self.platform(ofFramework: framework?.name) ?? platform
    if inAnnouncements {
      // Lines such as "Appending checkbox to label:" introduce examples; they are not one.
      if plain.hasSuffix(":") && !plain.contains("\"") && !plain.contains("“") { return }
      announcements.append(
        AnnouncementExample(
          platform: effectivePlatform, framework: framework?.name ?? "", text: Self.unquoted(plain)))
    } else {
      notes.append(
        DeveloperNote(
          platform: effectivePlatform, framework: framework?.name ?? "", topic: topic, text: plain))
    }
  }

  /// Adds a paragraph or code block as one note under the current topic.
  mutating func add(text: String, topic explicitTopic: String? = nil) {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return }
    notes.append(
      DeveloperNote(
        platform: markerPlatform?.name ?? platform, framework: framework?.name ?? "",
        topic: explicitTopic ?? topic, text: trimmed))
  }

  /// `UIKit` → `uikit`, `Jetpack Compose` → `compose`, ... nil for other text.
  static func framework(named text: String) -> String? {
    switch text.lowercased().trimmingCharacters(in: .whitespaces.union(.init(charactersIn: ":"))) {
    case "uikit": "uikit"
    case "swiftui": "swiftui"
    case "android views", "android view", "views", "view": "views"
    case "jetpack compose", "compose": "compose"
    default: nil
    }
  }

  /// `iOS`, `iOS Tips`, `Android Tips` → a platform; nil for other text.
  static func platform(named text: String) -> String? {
    switch text.lowercased().trimmingCharacters(in: .whitespaces.union(.init(charactersIn: ":"))) {
    case "ios", "ios tips": "ios"
    case "android", "android tips": "android"
    default: nil
    }
  }

  private static func platform(ofFramework framework: String?) -> String? {
    switch framework {
    case "uikit", "swiftui": "ios"
    case "views", "compose": "android"
    default: nil
    }
  }

  /// Removes the quotes around an example: `“Checked, label, checkbox”` → `Checked, label, checkbox`.
  static func unquoted(_ text: String) -> String {
    let quotes: Set<Character> = ["\"", "“", "”"]
    guard let first = text.first, quotes.contains(first) else { return text }
    let rest = text.dropFirst()
    guard let close = rest.firstIndex(where: { quotes.contains($0) }) else { return String(rest) }
    let inside = String(rest[..<close])
    let after = CriteriaText.clean(rest[rest.index(after: close)...])
    return after.isEmpty ? inside : "\(inside) \(after)"
  }
}
