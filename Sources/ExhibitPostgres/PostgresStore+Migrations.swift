import PostgresNIO

extension PostgresStore {
  /// Brings the schema to ``PostgresSchema/latestVersion``, applying each missing migration in a
  /// transaction of its own, under an advisory lock so that commands started together do not race.
  ///
  /// Run it as the role that is to own the schema. `appRole`, when given, is the role the
  /// application signs in as: it is granted what it needs and no more
  /// (``PostgresSchema/applicationRights``: SELECT and INSERT on the append-only tables and on
  /// criteria, UPDATE only where Exhibit changes a row, SELECT on views and the schema's version;
  /// never DELETE or TRUNCATE so far).
  /// - Parameter appRole: The application's role, or nil to grant nothing.
  /// A schema already current, with no role to grant, is left as it is without a statement that
  /// needs the owner's rights, so the application's role may run `exhibit init` too.
  /// - Returns: The versions applied, none when the schema was current.
  /// - Throws: ``PostgresStoreError/newerSchema(_:version:known:)`` for a schema made by a newer
  ///   Exhibit, or ``PostgresStoreError``.
  @discardableResult
  public func migrate(grantingTo appRole: String? = nil) async throws -> [Int] {
    let logger = logger
    let url = url
    // A current schema asks nothing of the role: the application's role may run `init` again.
    if appRole == nil, (try? await schemaVersion()) == PostgresSchema.latestVersion { return [] }
    let applied = try await transaction { connection in
      try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresLock.migration))", logger: logger)
      try await connection.query(
        """
        CREATE TABLE IF NOT EXISTS exhibit_schema (
          version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
        """, logger: logger)
      let current = try await Self.version(connection, logger: logger)
      guard current <= PostgresSchema.latestVersion else {
        throw PostgresStoreError.newerSchema(url, version: current, known: PostgresSchema.latestVersion)
      }
      var applied: [Int] = []
      for migration in PostgresSchema.migrations where migration.version > current {
        for statement in SQLScript.statements(migration.sql) {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.query(
          "INSERT INTO exhibit_schema (version, name) VALUES (\(migration.version), \(migration.name))",
          logger: logger)
        applied.append(migration.version)
      }
      // Under the same lock: two GRANTs on one table at once fail ("tuple concurrently updated").
      if let appRole { try await Self.grant(to: appRole, connection, logger: logger) }
      return applied
    }
    return applied
  }

  /// The schema's version: 0 for a database Exhibit has not made its schema in.
  ///
  /// One statement, as every command opening the catalogue asks it first: a database without
  /// the schema's table answers it with `undefined_table` (42P01), read here as version 0.
  /// - Throws: ``PostgresStoreError``.
  public func schemaVersion() async throws -> Int {
    let logger = logger
    do {
      return try await withConnection { connection in
        do {
          return try await Self.version(connection, logger: logger)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "42P01" {
          return 0
        }
      }
    } catch {
      throw PostgresStoreError.from(error, url: url)
    }
  }

  /// The largest version in the schema's table, which must exist.
  private static func version(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
    try await connection.query("SELECT coalesce(max(version), 0) FROM exhibit_schema", logger: logger)
      .collect().first?.decode(Int.self) ?? 0
  }

  /// Grants `role` the application's rights on every table and view of the schema.
  private static func grant(to role: String, _ connection: PostgresConnection, logger: Logger) async throws {
    let quoted = "\"" + role.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    let tables = try await connection.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename",
      logger: logger
    ).collect().map { try $0.decode(String.self) }
    try await connection.query("GRANT USAGE ON SCHEMA public TO \(unescaped: quoted)", logger: logger)
    for table in tables {
      let name = "\"" + table + "\""
      let rights = PostgresSchema.applicationRights[table] ?? "SELECT"
      try await connection.query(
        "REVOKE ALL ON \(unescaped: name) FROM \(unescaped: quoted)", logger: logger)
      try await connection.query(
        "GRANT \(unescaped: rights) ON \(unescaped: name) TO \(unescaped: quoted)", logger: logger)
      if let columns = PostgresSchema.applicationColumnRights[table] {
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        try await connection.query(
          "GRANT UPDATE (\(unescaped: list)) ON \(unescaped: name) TO \(unescaped: quoted)", logger: logger)
      }
    }
    // Views are read only: whatever they show is changed through their tables.
    let views = try await connection.query(
      "SELECT viewname FROM pg_views WHERE schemaname = current_schema() ORDER BY viewname", logger: logger
    ).collect().map { try $0.decode(String.self) }
    for view in views {
      try await connection.query(
        "GRANT SELECT ON \"\(unescaped: view)\" TO \(unescaped: quoted)", logger: logger)
    }
    try await connection.query(
      "GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO \(unescaped: quoted)", logger: logger)
  }
}
