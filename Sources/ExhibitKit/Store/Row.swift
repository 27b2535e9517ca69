/// One result row, copied out of SQLite so it outlives the statement.
public struct Row: Sendable {
  /// Column names in result order.
  public let columns: [String]
  /// Values in result order.
  public let values: [SQLValue]

  /// The value of the named column, or `.null` when the row has no such column.
  public subscript(_ name: String) -> SQLValue {
    guard let index = columns.firstIndex(of: name) else { return .null }
    return values[index]
  }

  /// The named column as text; integers and reals are rendered, NULL and blobs give nil.
  public func string(_ name: String) -> String? {
    switch self[name] {
    case .text(let text): text
    case .integer(let value): String(value)
    case .real(let value): String(value)
    case .null, .blob: nil
    }
  }

  /// The named column as an integer; NULL and text give nil.
  public func int64(_ name: String) -> Int64? {
    switch self[name] {
    case .integer(let value): value
    case .real(let value): Int64(value)
    default: nil
    }
  }

  /// The named column as an `Int`.
  public func int(_ name: String) -> Int? { int64(name).map { Int($0) } }

  /// The named column as a real number.
  public func double(_ name: String) -> Double? {
    switch self[name] {
    case .real(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  /// The named column as a Boolean (non-zero is true).
  public func bool(_ name: String) -> Bool { (int64(name) ?? 0) != 0 }
}
