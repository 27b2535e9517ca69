/// An error about which component or item a user named.
public enum LookupError: Error, Sendable, Equatable, CustomStringConvertible {
  case unknownComponent(String)
  case ambiguousComponent(String, choices: [String])
  case noCriteria(String)
  /// The component's criteria state nothing for the platform (`native/checkbox` on `windows`).
  case noCriteriaForPlatform(String, platform: String, platforms: [String])

  public var description: String {
    switch self {
    case .unknownComponent(let name):
      "\(name): no such component; `exhibit criteria list` shows the imported ones"
    case .ambiguousComponent(let name, let choices):
      "\(name): more than one family has this component; say which: \(choices.joined(separator: ", "))"
    case .noCriteria(let name):
      "\(name): no criteria imported for this component; run `exhibit criteria import`"
    case .noCriteriaForPlatform(let name, let platform, let platforms):
      "\(name) has no criteria for \(platform); its criteria are for \(platforms.joined(separator: ", "))"
    }
  }
}
