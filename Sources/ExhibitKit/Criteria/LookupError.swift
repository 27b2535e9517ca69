/// An error about which component or item a user named.
public enum LookupError: Error, Sendable, Equatable, CustomStringConvertible {
  case unknownComponent(String)
  case ambiguousComponent(String, choices: [String])
  case noCriteria(String)

  public var description: String {
    switch self {
    case .unknownComponent(let name):
      "\(name): no such component; `exhibit criteria list` shows the imported ones"
    case .ambiguousComponent(let name, let choices):
      "\(name): more than one family has this component; say which: \(choices.joined(separator: ", "))"
    case .noCriteria(let name):
      "\(name): no criteria imported for this component; run `exhibit criteria import`"
    }
  }
}
