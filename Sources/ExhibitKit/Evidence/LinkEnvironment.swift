import ExhibitModel
import Foundation

/// Where a verdict was judged: the screen reader and its version, the OS and its version, the
/// browser and the device, as the auditor gives them (`--env 'iOS 17.4, VoiceOver, iPhone 13'`
/// or one field at a time). Fields nobody gave are nil; the recording's own metadata fills
/// them where it can when the environment is shown (``filled(from:)``).
public struct LinkEnvironment: Sendable, Equatable, Hashable, Codable {
  public var assistiveTech: String?
  public var assistiveTechVersion: String?
  public var os: String?
  public var osVersion: String?
  public var browser: String?
  public var browserVersion: String?
  public var device: String?

  public init(
    assistiveTech: String? = nil, assistiveTechVersion: String? = nil, os: String? = nil,
    osVersion: String? = nil,
    browser: String? = nil, browserVersion: String? = nil, device: String? = nil
  ) {
    self.assistiveTech = Self.clean(assistiveTech)
    self.assistiveTechVersion = Self.clean(assistiveTechVersion)
    self.os = Self.clean(os)
    self.osVersion = Self.clean(osVersion)
    self.browser = Self.clean(browser)
    self.browserVersion = Self.clean(browserVersion)
    self.device = Self.clean(device)
  }

  /// Whether no field was given.
  public var isEmpty: Bool { self == LinkEnvironment() }

  /// Reads an auditor's comma-separated description. Each part is a screen reader, an OS or a
  /// browser known by name (followed by an optional version), or else the device:
  /// `iOS 17.4, VoiceOver, iPhone 13`, `Windows 11, NVDA 2024.1, Chrome 126`.
  public init(describing text: String) {
    self.init()
    for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) })
    where !part.isEmpty {
      let words = part.split(separator: " ").map(String.init)
      let name = words.first?.lowercased() ?? ""
      let version = words.count > 1 ? words.dropFirst().joined(separator: " ") : nil
      if let tech = AssistiveTech.allCases.first(where: { $0.rawValue == name }) {
        (assistiveTech, assistiveTechVersion) = (tech.displayName, version)
      } else if let system = Self.systems[name] {
        (os, osVersion) = (system, version)
      } else if let browser = Browser.allCases.first(where: { $0.rawValue == name }) {
        (self.browser, browserVersion) = (browser.displayName, version)
      } else {
        device = device.map { "\($0), \(part)" } ?? part
      }
    }
  }

  /// Operating systems by the word people start them with.
  private static let systems = [
    "ios": "iOS", "ipados": "iPadOS", "android": "Android", "macos": "macOS", "windows": "Windows",
    "linux": "Linux", "chromeos": "ChromeOS",
  ]

  /// `given`, with each field the auditor left out taken from `other`.
  public func filled(from other: LinkEnvironment) -> LinkEnvironment {
    LinkEnvironment(
      assistiveTech: assistiveTech ?? other.assistiveTech,
      assistiveTechVersion: assistiveTechVersion ?? other.assistiveTechVersion, os: os ?? other.os,
      osVersion: osVersion ?? other.osVersion, browser: browser ?? other.browser,
      browserVersion: browserVersion ?? other.browserVersion, device: device ?? other.device)
  }

  /// One line: `VoiceOver, iOS 17.4, iPhone 13`; empty when nothing is known.
  public var summary: String {
    func joined(_ name: String?, _ version: String?) -> String? {
      guard let name else { return version }
      // A version that names its system already ("Android 14") is not prefixed again.
      guard let version else { return name }
      return version.lowercased().hasPrefix(name.lowercased()) ? version : "\(name) \(version)"
    }
    return [
      joined(assistiveTech, assistiveTechVersion), joined(os, osVersion), joined(browser, browserVersion),
      device,
    ]
    .compactMap { $0 }.joined(separator: ", ")
  }

  /// The stored form: JSON with sorted keys, or empty text when nothing was given.
  var stored: String {
    guard !isEmpty else { return "" }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// Reads the stored form; text that is not an environment reads as none.
  init(stored text: String) {
    guard !text.isEmpty, let value = try? JSONDecoder().decode(LinkEnvironment.self, from: Data(text.utf8))
    else {
      self.init()
      return
    }
    self = value
  }

  private static func clean(_ text: String?) -> String? {
    guard let text = text?.trimmingWhitespace, !text.isEmpty else { return nil }
    return text
  }
}
