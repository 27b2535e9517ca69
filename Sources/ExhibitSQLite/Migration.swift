/// One step of the schema's history: applied once, in order, recorded in `PRAGMA user_version`.
public struct Migration: Sendable {
  /// The `user_version` the database has after this step.
  public let version: Int
  /// What the step does, for messages.
  public let name: String
  /// The SQL script the step runs.
  public let sql: String
  /// Work SQL alone cannot do (reading stored text with ExhibitKit's parsers), run after the
  /// script in the same transaction.
  public let body: (@Sendable (Connection) throws -> Void)?

  /// Creates a migration step.
  ///
  /// - Parameters:
  ///   - version: The `user_version` after the step.
  ///   - name: What the step does.
  ///   - sql: The script to run first.
  ///   - body: Work to run after the script, in the same transaction.
  public init(
    version: Int, name: String, sql: String, body: (@Sendable (Connection) throws -> Void)? = nil
  ) {
    self.version = version
    self.name = name
    self.sql = sql
    self.body = body
  }
}

/// An error about the database's schema version.
public enum SchemaVersionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file was written by a newer Exhibit; opening it would risk corrupting it.
  case newerThanSupported(path: String, found: Int, supported: Int)
  /// Upgrading failed: the version the file states does not match what it holds.
  case inconsistent(path: String, found: Int, step: Int, reason: String)

  public var description: String {
    switch self {
    case .newerThanSupported(let path, let found, let supported):
      "\(path): database schema version \(found) is newer than this exhibit supports (\(supported)); "
        + "use a newer exhibit, the file was left untouched"
    case .inconsistent(let path, let found, let step, let reason):
      "\(path): the database says schema version \(found), but upgrading it to version \(step) failed "
        + "(\(reason)): its version was changed by hand or the file is damaged; it was left as it was"
    }
  }
}

/// Applies ordered migrations to a connection.
public struct Migrator: Sendable {
  /// The steps, in version order.
  public let migrations: [Migration]

  /// What the steps build, as one script a new file runs instead of every step.
  public let snapshot: SchemaSnapshot?

  /// Creates a migrator over steps that must be numbered 1, 2, 3, ...
  /// - Parameters:
  ///   - migrations: The steps.
  ///   - snapshot: The schema the steps build, for new files; used only when it is of the last
  ///     step's version, so a new step is applied step by step until the snapshot is made again.
  public init(migrations: [Migration], snapshot: SchemaSnapshot? = nil) {
    self.migrations = migrations.sorted { $0.version < $1.version }
    self.snapshot = snapshot
  }

  /// The version a fully migrated database has.
  public var latestVersion: Int { migrations.last?.version ?? 0 }

  /// Writes a new database file at `path` from the snapshot's image, when nothing is there and
  /// the snapshot is of ``latestVersion`` (``SchemaSnapshot/writeNewFile(at:)``); ``migrate(_:)``
  /// then finds it current.
  /// - Returns: Whether the file was written; when not, opening `path` makes it as before.
  public func writeNewFile(at path: String) -> Bool {
    guard let snapshot, snapshot.version == latestVersion else { return false }
    return snapshot.writeNewFile(at: path)
  }

  /// Brings the database up to ``latestVersion``: a new file in one transaction, an existing
  /// one a step per immediate transaction.
  ///
  /// The version is checked again inside each transaction, so two processes migrating the same
  /// new file at once apply each step exactly once.
  /// - Throws: ``SchemaVersionError`` for a newer file (nothing is written), or ``SQLiteError``.
  public func migrate(_ connection: Connection) throws {
    let found = try connection.userVersion
    if found > latestVersion {
      throw SchemaVersionError.newerThanSupported(
        path: connection.path, found: found, supported: latestVersion)
    }
    // A file of this version, as nearly every command finds it: one read of the version, not one
    // a step (each its own read transaction).
    if found == latestVersion { return }
    // A new, empty file gets the whole schema in one transaction: one commit instead of one per
    // step, and still all or nothing; from the snapshot when there is one of the last version.
    var current = found
    if found == 0 {
      try connection.transaction {
        guard try connection.userVersion == 0 else { return }
        if let snapshot, snapshot.version == latestVersion {
          try build(snapshot, on: connection)
        } else {
          for migration in migrations { try apply(migration, to: connection, from: 0) }
        }
      }
      current = try connection.userVersion
    }
    // A step per transaction, each checking the version again inside it: another process may
    // have taken the file further since it was read.
    for migration in migrations where current < migration.version {
      try connection.transaction {
        let now = try connection.userVersion
        if now > latestVersion {
          throw SchemaVersionError.newerThanSupported(
            path: connection.path, found: now, supported: latestVersion)
        }
        guard now < migration.version else { return }
        try apply(migration, to: connection, from: now)
      }
      current = try connection.userVersion
    }
  }

  /// Runs the snapshot's script inside the caller's transaction; it sets the version itself.
  private func build(_ snapshot: SchemaSnapshot, on connection: Connection) throws {
    do {
      try connection.execute(snapshot.sql)
    } catch let error as SQLiteError {
      throw SchemaVersionError.inconsistent(
        path: connection.path, found: 0, step: snapshot.version, reason: error.message)
    }
    let built = try connection.userVersion
    guard built == snapshot.version else {
      throw SchemaVersionError.inconsistent(
        path: connection.path, found: 0, step: snapshot.version,
        reason: "the schema snapshot left version \(built)")
    }
  }

  /// Runs one step inside the caller's transaction and records its version.
  private func apply(_ migration: Migration, to connection: Connection, from current: Int) throws {
    do {
      try connection.execute(migration.sql)
      try migration.body?(connection)
    } catch let error as SQLiteError {
      // The statement is Exhibit's own migration script: name the failure, not the script.
      throw SchemaVersionError.inconsistent(
        path: connection.path, found: current, step: migration.version, reason: error.message)
    }
    try connection.execute("PRAGMA user_version = \(migration.version)")
  }

  /// Throws when the file's version is newer than the steps this build knows.
  public func refuseNewer(_ connection: Connection) throws {
    let found = try connection.userVersion
    if found > latestVersion {
      throw SchemaVersionError.newerThanSupported(
        path: connection.path, found: found, supported: latestVersion)
    }
  }
}
