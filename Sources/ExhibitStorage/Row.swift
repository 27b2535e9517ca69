/// One result row, copied out of SQLite so it outlives the statement.
///
/// Read columns with ``decode(_:)``, which throws ``RowDecodingError`` naming the column when it is
/// missing or holds the wrong kind of value, so a damaged row is an error and never a plausible
/// default. The optional readers (``string(_:)``, ``int64(_:)``) are for ad hoc queries whose
/// columns may be NULL by design, such as counts and checks.
public struct Row: Sendable {
  /// Column names in result order.
  public let columns: [String]
  /// Values in result order.
  public let values: [SQLValue]

  /// Creates a row from its columns and values.
  public init(columns: [String], values: [SQLValue]) {
    self.columns = columns
    self.values = values
  }

  /// The value of the named column, or `.null` when the row has no such column.
  public subscript(_ name: String) -> SQLValue {
    guard let index = columns.firstIndex(of: name) else { return .null }
    return values[index]
  }

  /// The named column as `T`.
  /// - Throws: ``RowDecodingError`` naming the column when the row has none by that name or its
  ///   value is not a `T` (NULL is a `T` only when `T` is optional).
  public func decode<T: SQLDecodable>(_ name: String) throws -> T {
    guard let index = columns.firstIndex(of: name) else {
      throw RowDecodingError(column: name, problem: "the query has no such column")
    }
    return try T(sqlValue: values[index], column: name)
  }

  /// The named column as a value of a string- or integer-backed enumeration.
  /// - Throws: ``RowDecodingError`` naming the column and the value when it is none of `T`'s cases.
  public func decode<T: RawRepresentable>(_ name: String, as type: T.Type = T.self) throws -> T
  where T.RawValue: SQLDecodable {
    let raw: T.RawValue = try decode(name)
    guard let value = T(rawValue: raw) else {
      throw RowDecodingError(
        column: name, problem: "\(String(describing: raw).prefix(40).debugDescription) is not a \(T.self)")
    }
    return value
  }

  /// The named column as text when it is text or a number; nil for NULL, a blob or no column.
  public func string(_ name: String) -> String? {
    switch self[name] {
    case .text(let text): text
    case .integer(let value): String(value)
    case .real(let value): String(value)
    case .null, .blob: nil
    }
  }

  /// The named column as an integer when it is a number; nil otherwise.
  public func int64(_ name: String) -> Int64? {
    switch self[name] {
    case .integer(let value): value
    case .real(let value): Int64(exactly: value)
    default: nil
    }
  }

  /// The named column as an `Int` when it is a number; nil otherwise.
  public func int(_ name: String) -> Int? { int64(name).map { Int($0) } }
}

extension Row {
  /// The named column as an optional value of a string- or integer-backed enumeration: NULL is
  /// nil, any other value must be one of `T`'s cases.
  /// - Throws: ``RowDecodingError`` naming the column.
  public func decode<T: RawRepresentable>(_ name: String, as type: T?.Type = T?.self) throws -> T?
  where T.RawValue: SQLDecodable {
    if columns.contains(name), case .null = self[name] { return nil }
    return try decode(name, as: T.self)
  }
}
