/// An identity whose text is its only form (``ComponentID``, ``ItemKey``): JSON carries it as a
/// string, the catalogue stores it as text (ExhibitStorage), code may write it as a literal, and its text is read back
/// strictly through ``init(_:)``. A value that does not parse is a decoding error naming
/// ``textForm``, a damaged row naming its column, or, as a literal, a programming error.
public protocol TextIdentity: LosslessStringConvertible, Hashable, Comparable, Codable,
  ExpressibleByStringLiteral, Sendable
{
  /// The form its text takes, for messages: `family/slug`.
  static var textForm: String { get }
}

extension TextIdentity {
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let value = Self(text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "\(text) is not \(Self.textForm)"))
    }
    self = value
  }

  /// Writes its text, as JSON has always carried it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }

  /// A value written in code; a literal that does not parse is a programming error. A user's
  /// words go through the Store's resolvers instead (``Store/resolveComponent(_:)``).
  public init(stringLiteral text: String) {
    guard let value = Self(text) else { preconditionFailure("\(text) is not \(Self.textForm)") }
    self = value
  }
}
