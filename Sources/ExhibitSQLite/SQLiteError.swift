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

  /// The primary result code by name, when it is one a caller acts on.
  public var resultCode: SQLiteResultCode? { SQLiteResultCode(rawValue: primaryCode) }

  /// Whether the failure is a constraint violation (UNIQUE, FOREIGN KEY, CHECK, NOT NULL, trigger RAISE).
  public var isConstraintViolation: Bool { resultCode == .constraint }

  /// Whether the database stayed busy or locked past the busy timeout.
  public var isBusy: Bool { resultCode == .busy || resultCode == .locked }

  /// What a storage failure means for the user, for the codes a sound database can still give:
  /// another writer, a read-only file, a full disk, a failing disk.
  public var advice: String? {
    switch resultCode {
    case .busy, .locked:
      let seconds = Double(Connection.busyTimeoutMilliseconds) / 1000
      return "another process has held the database locked for more than \(seconds) s (a long write, "
        + "or one that holds it alone), so nothing was read or changed; run the command again when it is "
        + "done (EXHIBIT_BUSY_TIMEOUT_MS sets how long to wait)"
    case .readOnly: return "the database is read-only, so nothing was changed"
    case .full:
      return "the disk is full: the transaction under way was rolled back, what was committed before "
        + "it is kept; free space and run the command again"
    case .ioError:
      return "reading or writing the database failed (is the disk full or failing?); the transaction "
        + "under way was not stored"
    default: return nil
    }
  }

  public var description: String {
    var text = ""
    if let path { text += "\(path): " }
    if let advice { text += "\(advice). SQLite said: " }
    text += "\(message) (SQLite code \(extendedCode))"
    if let sql { text += " in: \(sql.split(whereSeparator: \.isNewline).joined(separator: " "))" }
    return text
  }
}
