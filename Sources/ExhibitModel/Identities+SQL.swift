import ExhibitSQLite

// Component ids and item keys are stored as their text and read back strictly: a stored value
// that is not `family/slug` (or `family/slug#name`) is a damaged row, named by its column.

extension ComponentID: SQLDecodable, SQLBindable {
  public init(sqlValue value: SQLValue, column: String) throws {
    let text = try String(sqlValue: value, column: column)
    guard let id = ComponentID(text) else {
      throw RowDecodingError(
        column: column, problem: "\(text.prefix(40).debugDescription) is not family/slug")
    }
    self = id
  }

  public var sqlValue: SQLValue { .text(description) }
}

extension ItemKey: SQLDecodable, SQLBindable {
  public init(sqlValue value: SQLValue, column: String) throws {
    let text = try String(sqlValue: value, column: column)
    guard let key = ItemKey(text) else {
      throw RowDecodingError(
        column: column, problem: "\(text.prefix(40).debugDescription) is not family/slug#name")
    }
    self = key
  }

  public var sqlValue: SQLValue { .text(description) }
}
