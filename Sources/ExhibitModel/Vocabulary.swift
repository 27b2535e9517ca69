/// Whether criteria and recordings concern native apps or web pages.
public enum Family: String, Sendable, Codable, CaseIterable, Comparable {
  case native
  case web

  public static func < (lhs: Family, rhs: Family) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// An operating system a test session runs on.
public enum Platform: String, Sendable, Codable, CaseIterable, Comparable {
  case ios
  case android
  case macos
  case windows

  /// The platforms a family's criteria apply to when the text names none.
  public static func defaults(for family: Family) -> [Platform] {
    switch family {
    case .native: [.ios, .android]
    case .web: Platform.allCases
    }
  }

  /// The screen readers a platform is usually tested with, shown in coverage and bundles even
  /// before any evidence.
  public var usualAssistiveTech: [AssistiveTech] {
    switch self {
    case .ios, .macos: [.voiceover]
    case .android: [.talkback]
    case .windows: [.jaws, .nvda]
    }
  }

  /// Whether the platform is a phone or tablet one (gestures apply).
  public var isMobile: Bool { self == .ios || self == .android }

  /// How people write it.
  public var displayName: String {
    switch self {
    case .ios: "iOS"
    case .android: "Android"
    case .macos: "macOS"
    case .windows: "Windows"
    }
  }

  public static func < (lhs: Platform, rhs: Platform) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

/// A screen reader.
public enum AssistiveTech: String, Sendable, Codable, CaseIterable {
  case voiceover
  case talkback
  case jaws
  case nvda

  /// How people write it.
  public var displayName: String {
    switch self {
    case .voiceover: "VoiceOver"
    case .talkback: "TalkBack"
    case .jaws: "JAWS"
    case .nvda: "NVDA"
    }
  }
}

/// A web browser.
public enum Browser: String, Sendable, Codable, CaseIterable {
  case chrome
  case safari
  case firefox
  case edge

  /// The name people read: `Chrome`, `Safari`, `Firefox`, `Edge`.
  public var displayName: String {
    switch self {
    case .chrome: "Chrome"
    case .safari: "Safari"
    case .firefox: "Firefox"
    case .edge: "Edge"
    }
  }
}
