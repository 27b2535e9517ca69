/// SQLite's primary result codes that a caller tells apart (the low byte of an extended code).
public enum SQLiteResultCode: Int32, Sendable {
  /// `SQLITE_BUSY`: another connection holds the lock past the busy timeout.
  case busy = 5
  /// `SQLITE_LOCKED`: a conflict inside this process.
  case locked = 6
  /// `SQLITE_READONLY`: the file cannot be written.
  case readOnly = 8
  /// `SQLITE_IOERR`: the operating system reported a read or write failure.
  case ioError = 10
  /// `SQLITE_CORRUPT`: the file is damaged.
  case corrupt = 11
  /// `SQLITE_FULL`: the disk is full.
  case full = 13
  /// `SQLITE_CANTOPEN`: the file could not be opened.
  case cannotOpen = 14
  /// `SQLITE_CONSTRAINT`: a UNIQUE, FOREIGN KEY, CHECK or NOT NULL constraint, or a trigger, refused a write.
  case constraint = 19
  /// `SQLITE_MISUSE`: the library was used in a way it does not allow.
  case misuse = 21
  /// `SQLITE_RANGE`: a parameter index out of range.
  case range = 25
  /// `SQLITE_NOTADB`: the file is not a database.
  case notADatabase = 26
}
