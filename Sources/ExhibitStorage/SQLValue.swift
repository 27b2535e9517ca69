/// A value SQLite stores or returns: its five storage classes.
public enum SQLValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral,
  ExpressibleByFloatLiteral
{
  public init(stringLiteral value: String) { self = .text(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(nilLiteral: ()) { self = .null }
  public init(floatLiteral value: Double) { self = .real(value) }
}

/// A Swift type that converts to an SQLite value for binding.
public protocol SQLBindable: Sendable {
  /// The value as SQLite stores it.
  var sqlValue: SQLValue { get }
}

extension SQLValue: SQLBindable {
  public var sqlValue: SQLValue { self }
}

extension String: SQLBindable {
  public var sqlValue: SQLValue { .text(self) }
}

extension Int: SQLBindable {
  public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Int64: SQLBindable {
  public var sqlValue: SQLValue { .integer(self) }
}

extension Int32: SQLBindable {
  public var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Double: SQLBindable {
  public var sqlValue: SQLValue { .real(self) }
}

extension Bool: SQLBindable {
  public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
  public var sqlValue: SQLValue {
    switch self {
    case .none: .null
    case .some(let value): value.sqlValue
    }
  }
}
