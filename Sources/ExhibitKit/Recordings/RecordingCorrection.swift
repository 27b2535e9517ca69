/// What an auditor sets by hand on a recording: `exhibit recordings set` and the web recording
/// page's form. Each field given replaces what Exhibit inferred, with the source `hand`, and no
/// later catalogue or import changes it; fields not given stay as they are.
public struct RecordingCorrection: Sendable, Equatable {
  /// The component, as a user names it (`native/checkbox`, a bare slug or an alias).
  public var component: String?
  public var platform: Platform?
  public var assistiveTech: AssistiveTech?
  public var browser: Browser?
  /// The OS version or build it was recorded on (`iOS 17.4`, `Android 14`).
  public var osVersion: String?
  /// The phone, tablet or computer it was recorded on.
  public var device: String?

  public init(
    component: String? = nil, platform: Platform? = nil, assistiveTech: AssistiveTech? = nil,
    browser: Browser? = nil, osVersion: String? = nil, device: String? = nil
  ) {
    self.component = component
    self.platform = platform
    self.assistiveTech = assistiveTech
    self.browser = browser
    self.osVersion = osVersion
    self.device = device
  }

  /// Whether no field is given.
  public var isEmpty: Bool {
    component == nil && platform == nil && assistiveTech == nil && browser == nil && osVersion == nil
      && device == nil
  }

  /// The longest OS version or device text accepted.
  public static let maximumTextLength = 80
}

/// Why a correction was refused; nothing was written.
public enum RecordingCorrectionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No field was given.
  case nothingToSet
  /// The platform is not one of the component's family (`native/checkbox` on `windows`).
  case platformOutsideFamily(platform: Platform, family: Family)
  /// A text field is empty, too long or holds control characters.
  case badText(field: String, reason: String)

  public var description: String {
    switch self {
    case .nothingToSet:
      "nothing to set: give --component, --platform, --screen-reader, --browser, --os-version or --device"
    case .platformOutsideFamily(let platform, let family):
      "\(platform.rawValue) is not a platform of \(family.rawValue) components "
        + "(\(Platform.defaults(for: family).map(\.rawValue).joined(separator: ", ")))"
    case .badText(let field, let reason):
      "\(field): \(reason)"
    }
  }
}
