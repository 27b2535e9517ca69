/// A column that could not be read as the type its record needs: the row is damaged, or the
/// query and the record disagree.
public struct RowDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The table the record reads, when the record said (see ``RowDecodingError/reading(_:_:)``).
  public var table: String?
  /// The column, as the query names it.
  public let column: String
  /// What is wrong with it.
  public let problem: String

  /// Creates an error for a column.
  public init(table: String? = nil, column: String, problem: String) {
    self.table = table
    self.column = column
    self.problem = problem
  }

  /// Creates an error for a value of the wrong storage class. Text is described by its class
  /// only: it may hold user data.
  init(column: String, expected: String, found: SQLValue) {
    let kind =
      switch found {
      case .null: "NULL"
      case .integer(let number): "the integer \(number)"
      case .real(let number): "the real \(number)"
      case .text: "text"
      case .blob(let bytes): "a \(bytes.count)-byte blob"
      }
    self.init(column: column, problem: "expected \(expected), found \(kind)")
  }

  /// Runs `body`, naming `table` in any ``RowDecodingError`` it throws.
  public static func reading<T>(_ table: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch var error as RowDecodingError {
      error.table = error.table ?? table
      throw error
    }
  }

  public var description: String {
    let name = table.map { "\($0).\(column)" } ?? column
    return "the database has a row it cannot read: column \(name): \(problem); "
      + "run `exhibit verify` to check the workspace"
  }
}
