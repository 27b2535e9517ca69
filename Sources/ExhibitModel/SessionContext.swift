/// What a heading, a file name or a tag says about a test session: platform, screen reader, browser.
///
/// Real libraries write these every which way: `iOS VoiceOver`, `Andriod Talkback` (sic),
/// `checkbox_WindowsJawsChrome`, `buttonIosVoiceover`, `MacOS-VoiceOver-Safari`, `table_nvda`.
/// ``init(text:)`` splits the text into words (at separators and at lower-to-upper case changes),
/// and also finds the names glued inside a longer word, so all of those read the same way.
public struct SessionContext: Sendable, Equatable {
  /// The platform, when named or implied by the screen reader.
  public var platform: Platform?
  /// The screen reader, when named.
  public var assistiveTech: AssistiveTech?
  /// The browser, when named.
  public var browser: Browser?
  /// Whether the platform was implied (TalkBack means Android) rather than named.
  public var platformImplied = false

  /// An empty context.
  public init(platform: Platform? = nil, assistiveTech: AssistiveTech? = nil, browser: Browser? = nil) {
    self.platform = platform
    self.assistiveTech = assistiveTech
    self.browser = browser
  }

  /// Names as they appear in text, lowercased, longest first so `macos` wins over `mac`.
  private static let platformNames: [(String, Platform)] = [
    ("android", .android), ("andriod", .android), ("macos", .macos), ("osx", .macos),
    ("windows", .windows), ("iphone", .ios), ("ipados", .ios), ("ipad", .ios), ("ios", .ios),
    ("mac", .macos), ("win", .windows),
  ]
  private static let assistiveNames: [(String, AssistiveTech)] = [
    ("voiceover", .voiceover), ("talkback", .talkback), ("jaws", .jaws), ("nvda", .nvda),
  ]
  private static let browserNames: [(String, Browser)] = [
    ("chrome", .chrome), ("safari", .safari), ("firefox", .firefox), ("edge", .edge),
  ]

  /// Reads a context out of free text.
  ///
  /// - Parameters:
  ///   - text: A heading, file name or tag value.
  ///   - family: When given, used to resolve VoiceOver without a platform (native means iOS; web
  ///     with Safari and no mobile hint means macOS).
  public init(text: String, family: Family? = nil) {
    let words = Self.words(in: text)
    let glued = words.joined()
    platform = Self.find(Self.platformNames, words: words, glued: glued)
    assistiveTech = Self.find(Self.assistiveNames, words: words, glued: glued)
    browser = Self.find(Self.browserNames, words: words, glued: glued)
    if platform == nil, let implied = Self.impliedPlatform(assistiveTech, browser: browser, family: family) {
      platform = implied
      platformImplied = true
    }
  }

  private static func impliedPlatform(
    _ assistiveTech: AssistiveTech?, browser: Browser?, family: Family?
  ) -> Platform? {
    switch assistiveTech {
    case .talkback: return .android
    case .jaws, .nvda: return .windows
    case .voiceover:
      if family == .native { return .ios }
      if browser == .safari { return .macos }
      return family == nil ? .ios : nil
    case nil: return nil
    }
  }

  /// Names shorter than this are only found as whole words: `radios` must not read as iOS.
  private static let minimumGluedLength = 6

  /// Finds a name: first as a whole word, then (for names long enough not to be accidental)
  /// inside the words glued together, e.g. `checkboxvoiceover`.
  private static func find<T>(_ names: [(String, T)], words: [String], glued: String) -> T? {
    for (name, value) in names where words.contains(name) { return value }
    for (name, value) in names where name.count >= minimumGluedLength && glued.containsIgnoringASCIICase(name)
    {
      return value
    }
    return nil
  }

  /// Splits into lowercased words: at anything not a letter or digit, at lower-to-upper case
  /// changes, and before the last capital of an acronym followed by lowercase. A lone `i` keeps
  /// its capitals, so `slider-iOSVoiceover` gives `slider ios voiceover`,
  /// `checkbox_WindowsNvdaChrome` gives `checkbox windows nvda chrome`, `MacOS` gives `mac os`.
  package static func words(in text: String) -> [String] {
    let characters = Array(text)
    var words: [String] = []
    var current = ""
    func flush() {
      if !current.isEmpty { words.append(current.lowercased()) }
      current = ""
    }
    for (index, character) in characters.enumerated() {
      guard character.isLetter || character.isNumber else {
        flush()
        continue
      }
      if let previous = current.last {
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        let camelStart = previous.isLowercase && character.isUppercase && current != "i"
        let acronymEnd =
          previous.isUppercase && character.isUppercase && (next?.isLowercase ?? false)
          && current != "i" && !(current.count == 2 && current.first == "i")
        if camelStart || acronymEnd { flush() }
      }
      current.append(character)
    }
    flush()
    return words
  }
}
