import ExhibitModel

/// An identity is stored as its text and read back strictly: a value that does not parse is a
/// damaged row naming its column.
extension TextIdentity {
  public init(sqlValue value: SQLValue, column: String) throws {
    let text = try String(sqlValue: value, column: column)
    guard let parsed = Self(text) else {
      throw RowDecodingError(
        column: column, problem: "\(text.prefix(40).debugDescription) is not \(Self.textForm)")
    }
    self = parsed
  }

  public var sqlValue: SQLValue { .text(description) }
}

extension ComponentID: SQLDecodable, SQLBindable {}
extension ItemKey: SQLDecodable, SQLBindable {}
