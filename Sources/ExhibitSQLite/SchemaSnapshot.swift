/// The schema a migrator's steps build, as one script (with its `PRAGMA user_version`).
///
/// A new file runs it instead of every step: the steps create, drop and remake tables and
/// indexes on their way, and SQLite reloads its schema after some of them.
public struct SchemaSnapshot: Sendable {
  /// The version the script leaves: the last step's.
  public let version: Int
  /// The statements, `PRAGMA user_version` among them.
  public let sql: String

  /// - Parameters:
  ///   - version: The version the script leaves.
  ///   - sql: The statements.
  public init(version: Int, sql: String) {
    self.version = version
    self.sql = sql
  }
}
