/// A row read by column position, as a query's rows are stepped: SQLite's ``Statement`` on its
/// current row, or a ``Row`` another engine returned. Queries that read many rows by position
/// (an audit's progress over 50,000 links) are written once against it.
public protocol RowCursor {
  /// The column's value as an integer (converted as SQLite converts it), nil when NULL.
  func integer(_ index: Int32) -> Int64?
  /// The column's value as text (converted as SQLite converts it), nil when NULL.
  func text(_ index: Int32) -> String?
}

extension Row: RowCursor {
  /// The column's value as an integer: text and reals converted as SQLite converts them (text
  /// that is not a number is 0), nil when NULL.
  public func integer(_ index: Int32) -> Int64? {
    guard values.indices.contains(Int(index)) else { return nil }
    switch values[Int(index)] {
    case .null: return nil
    case .integer(let number): return number
    case .real(let number): return Int64(exactly: number.rounded(.towardZero)) ?? 0
    case .text(let text): return Int64(text) ?? 0
    case .blob: return 0
    }
  }

  /// The column's value as text: numbers written out, bytes read as UTF-8, nil when NULL.
  public func text(_ index: Int32) -> String? {
    guard values.indices.contains(Int(index)) else { return nil }
    switch values[Int(index)] {
    case .null: return nil
    case .integer(let number): return String(number)
    case .real(let number): return String(number)
    case .text(let text): return text
    case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
    }
  }
}
