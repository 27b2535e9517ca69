/// A Swift type a column's value converts to, strictly: a value of another storage class is an
/// error, not a conversion.
public protocol SQLDecodable {
  /// Converts `value`, read from `column`.
  /// - Throws: ``RowDecodingError`` naming the column.
  init(sqlValue value: SQLValue, column: String) throws
}

extension String: SQLDecodable {
  public init(sqlValue value: SQLValue, column: String) throws {
    guard case .text(let text) = value else {
      throw RowDecodingError(column: column, expected: "text", found: value)
    }
    self = text
  }
}

extension Int64: SQLDecodable {
  public init(sqlValue value: SQLValue, column: String) throws {
    guard case .integer(let number) = value else {
      throw RowDecodingError(column: column, expected: "an integer", found: value)
    }
    self = number
  }
}

extension Int: SQLDecodable {
  public init(sqlValue value: SQLValue, column: String) throws {
    let number = try Int64(sqlValue: value, column: column)
    guard let fitting = Int(exactly: number) else {
      throw RowDecodingError(column: column, problem: "\(number) does not fit an Int")
    }
    self = fitting
  }
}

extension Double: SQLDecodable {
  public init(sqlValue value: SQLValue, column: String) throws {
    switch value {
    case .real(let number): self = number
    case .integer(let number): self = Double(number)
    default: throw RowDecodingError(column: column, expected: "a number", found: value)
    }
  }
}

extension Bool: SQLDecodable {
  public init(sqlValue value: SQLValue, column: String) throws {
    guard case .integer(let number) = value, number == 0 || number == 1 else {
      throw RowDecodingError(column: column, expected: "0 or 1", found: value)
    }
    self = number == 1
  }
}

extension Optional: SQLDecodable where Wrapped: SQLDecodable {
  public init(sqlValue value: SQLValue, column: String) throws {
    if case .null = value {
      self = .none
    } else {
      self = .some(try Wrapped(sqlValue: value, column: column))
    }
  }
}
