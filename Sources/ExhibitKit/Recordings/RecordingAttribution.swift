/// Where an attributed value came from, most trusted first.
public enum AttributionSource: String, Sendable, Codable, Comparable {
  /// The Videos section of an imported criteria document names this recording.
  case criteria
  /// The container's tags (an Android version tag, Apple's ReplayKit author, a window title).
  case tags
  /// The folders above the file (`native/checkbox/`).
  case folder
  /// The file's own name (`checkbox_WindowsJawsChrome`).
  case name
  /// Implied by other values (JAWS runs on Windows; a browser means the web family).
  case implied
  /// Set by an auditor (`exhibit recordings set`, the web recording page): no later catalogue or
  /// import changes it.
  case hand

  private var rank: Int {
    switch self {
    case .hand: -1
    case .criteria: 0
    case .tags: 1
    case .folder: 2
    case .name: 3
    case .implied: 4
    }
  }

  public static func < (lhs: AttributionSource, rhs: AttributionSource) -> Bool { lhs.rank < rhs.rank }
}

/// A value with the evidence it rests on.
public struct Attributed: Sendable, Equatable, Codable {
  public var value: String
  public var source: AttributionSource

  public init(_ value: String, _ source: AttributionSource) {
    self.value = value
    self.source = source
  }
}

/// What a recording is of: which component, on which platform, with which screen reader and
/// browser, on which OS version; each value with its source.
public struct RecordingAttribution: Sendable, Equatable, Codable {
  public var family: Attributed?
  public var component: Attributed?
  public var platform: Attributed?
  public var assistiveTech: Attributed?
  public var browser: Attributed?
  public var osVersion: Attributed?
  /// The phone, tablet or computer it was recorded on (`iPhone 15`).
  public var device: Attributed?

  public init(
    family: Attributed? = nil, component: Attributed? = nil, platform: Attributed? = nil,
    assistiveTech: Attributed? = nil, browser: Attributed? = nil, osVersion: Attributed? = nil,
    device: Attributed? = nil
  ) {
    self.device = device
    self.family = family
    self.component = component
    self.platform = platform
    self.assistiveTech = assistiveTech
    self.browser = browser
    self.osVersion = osVersion
  }

  /// Keeps each value already set; fills the unset ones from `other`.
  mutating func fill(from other: RecordingAttribution) {
    family = family ?? other.family
    component = component ?? other.component
    platform = platform ?? other.platform
    assistiveTech = assistiveTech ?? other.assistiveTech
    browser = browser ?? other.browser
    osVersion = osVersion ?? other.osVersion
    device = device ?? other.device
  }

  /// Keeps every value `stored` (a recording row's attribution, its component written
  /// `family/slug`) says an auditor set by hand: a later catalogue or import never changes it.
  mutating func keepHandSet(from stored: RecordingAttribution) {
    if stored.family?.source == .hand { family = stored.family }
    if let component = stored.component, component.source == .hand {
      self.component = Attributed(String(component.value.split(separator: "/").last ?? ""), .hand)
    }
    if stored.platform?.source == .hand { platform = stored.platform }
    if stored.assistiveTech?.source == .hand { assistiveTech = stored.assistiveTech }
    if stored.browser?.source == .hand { browser = stored.browser }
    if stored.osVersion?.source == .hand { osVersion = stored.osVersion }
    if stored.device?.source == .hand { device = stored.device }
  }
}
