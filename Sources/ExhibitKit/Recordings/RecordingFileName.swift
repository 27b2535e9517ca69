/// Reads the component out of a recording's file name, whatever convention the library uses.
///
/// Names put the component first and the session after it, separated by anything or nothing:
/// `checkboxVoiceOver`, `buttonIosVoiceover`, `slider-iOSVoiceover`, `checkbox_WindowsJawsChrome`,
/// `headingJAWS`, `search-desktop-safari`, `toggle-switch_Talkback`, `table_nvda`. The component is
/// the words before the first word that names a platform, screen reader, browser or device
/// class; a name written all in one case (`checkboxvoiceover`) is cut where a long session word
/// starts inside it.
enum RecordingFileName {
  /// Words that describe the session rather than the component.
  static let sessionWords: Set<String> = [
    "android", "andriod", "ios", "iphone", "ipad", "ipados", "macos", "mac", "osx", "os", "windows", "win",
    "voiceover", "voice", "talkback", "jaws", "nvda", "chrome", "safari", "firefox", "edge",
    "desktop", "mobile", "phone", "tablet", "web", "native", "screenreader",
  ]

  /// Session words long enough to be found glued inside another word.
  private static let gluedSessionWords = [
    "voiceover", "talkback", "android", "andriod", "windows", "chrome",
    "safari", "firefox", "desktop", "mobile",
  ]

  /// The component words of a file name without its extension, e.g. `["toggle", "switch"]`.
  static func componentWords(stem: String) -> [String] {
    var result: [String] = []
    for word in SessionContext.words(in: stem) {
      if sessionWords.contains(word) { break }
      if let cut = gluedSessionWords.compactMap({ word.utf8.firstOffset(of: $0.utf8) }).min() {
        if cut > 0 { result.append(String(decoding: word.utf8.prefix(cut), as: UTF8.self)) }
        break
      }
      guard !word.allSatisfy(\.isNumber) else { break }
      result.append(word)
    }
    return result
  }

  /// The component slug a file name suggests (`toggle-switch`), or nil when it names none.
  static func componentSlug(stem: String) -> String? {
    let words = componentWords(stem: stem)
    return words.isEmpty ? nil : words.joined(separator: "-")
  }
}
