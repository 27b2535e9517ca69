import ExhibitModel

/// The statements the catalogue writer runs, in the SQL SQLite and PostgreSQL both take: `?`
/// placeholders, values as ``SQLValue``, rows as ``Row``. SQLite's connection runs them as
/// they are; ExhibitPostgres' connection numbers the placeholders and reads its rows into the
/// same values. So what a catalogue run decides (a new recording, a move, a copy, an unreadable
/// file, a caption replaced, a path gone) is decided by one copy of the code on either backend.
///
/// PostgreSQL types a parameter from its first use, and a NULL is bound without a type: a value
/// that may be NULL is first compared where its column gives it one (`l.audit_id = ?2 OR ?2 IS
/// NULL`, not the other way round).
package protocol CatalogueSQL: RowQuerying {
  /// Runs a statement that returns no rows.
  /// - Throws: The backend's error.
  func execute(_ sql: String, _ values: [any SQLBindable]) throws

  /// Runs an INSERT into a table with an `id` of its own.
  /// - Returns: The new row's id.
  /// - Throws: The backend's error.
  func insertReturningID(_ sql: String, _ values: [any SQLBindable]) throws -> Int64

  /// Runs `body` in a write transaction, committing when it returns and rolling back when it throws.
  /// - Throws: The backend's error, or what `body` throws.
  func transaction<T>(_ body: () throws -> T) throws -> T

  /// Runs `body` in one read snapshot (inside a transaction already open, in that one), so the
  /// statements of one read see one state of the catalogue.
  /// - Throws: The backend's error, or what `body` throws.
  func reading<T>(_ body: () throws -> T) throws -> T

  /// Called after rows were copied with their ids into `table` (`exhibit migrate`): an engine
  /// whose ids come from a sequence moves it past them; SQLite has nothing to do.
  /// - Throws: The backend's error.
  func rowsCopied(into table: String) throws

  /// Takes the audit chain's lock until the caller's write transaction ends, so that two writers
  /// cannot both read the same head and fork the chain: SQLite's write transaction already holds
  /// the database's one write lock; PostgreSQL takes an advisory lock every server shares.
  /// Taking it again in the same transaction is free.
  /// - Throws: The backend's error.
  func lockAuditChain() throws

  /// Runs queries that do not depend on one another's answers and reads each one's rows, in the
  /// order given. SQLite runs them one after another; a database server is sent each one as the
  /// one before is answered, without waiting for the caller to read that answer, so the caller
  /// pays one wait for the lot rather than one a statement.
  /// - Throws: The first failing query's error.
  func queries(_ queries: [SQLQuery]) throws -> [[Row]]
}

extension CatalogueSQL {
  /// Runs each query in turn: what an engine whose statements wait on nothing does.
  /// - Throws: The first failing query's error.
  package func queries(_ queries: [SQLQuery]) throws -> [[Row]] {
    try queries.map { try query($0.sql, $0.values) }
  }

  /// Runs a query without values and reads every row.
  /// - Throws: The backend's error.
  package func query(_ sql: String) throws -> [Row] { try query(sql, []) }

  /// Runs a statement without values.
  /// - Throws: The backend's error.
  package func execute(_ sql: String) throws { try execute(sql, []) }

  /// The first row of a query, nil when it has none.
  /// - Throws: The backend's error.
  package func first(_ sql: String, _ values: [any SQLBindable] = []) throws -> Row? {
    try query(sql, values).first
  }
}
