/// An error reported by SQLite, with what a user needs to act on it.
///
/// Carries the extended result code, SQLite's own message (`sqlite3_errmsg`) and, when a statement
/// failed, its SQL text. Bound values are never included: they may hold user data.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The extended result code (`sqlite3_extended_errcode`), e.g. 2067 for a UNIQUE constraint.
  public let extendedCode: Int32
  /// SQLite's message for the failure (`sqlite3_errmsg`) or our own when SQLite has none.
  public let message: String
  /// The SQL of the statement that failed, when a statement failed.
  public let sql: String?
  /// The database file, when the failure concerns opening it.
  public let path: String?

  /// Creates an error from its parts.
  public init(extendedCode: Int32, message: String, sql: String? = nil, path: String? = nil) {
    self.extendedCode = extendedCode
    self.message = message
    self.sql = sql
    self.path = path
  }

  /// The primary result code: the low byte of the extended code (`SQLITE_CONSTRAINT` is 19).
  public var primaryCode: Int32 { extendedCode & 0xFF }

  /// Whether the failure is a constraint violation (UNIQUE, FOREIGN KEY, CHECK, NOT NULL, trigger RAISE).
  public var isConstraintViolation: Bool { primaryCode == 19 }

  /// Whether the database stayed busy or locked past the busy timeout.
  public var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }

  public var description: String {
    var text = ""
    if let path { text += "\(path): " }
    text += "\(message) (SQLite code \(extendedCode))"
    if let sql { text += " in: \(sql.split(whereSeparator: \.isNewline).joined(separator: " "))" }
    return text
  }
}
