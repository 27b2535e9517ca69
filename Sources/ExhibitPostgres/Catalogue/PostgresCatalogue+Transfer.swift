import ExhibitKit
import ExhibitModel
import ExhibitSQLite
import PostgresNIO

// The PostgreSQL side of `exhibit migrate --to` and `--from`: the shared tables' rows read in
// one snapshot, or written as they are into an empty catalogue in one transaction. The insert
// trigger checks each copied audit event against the head as it goes, so a chain copied whole
// is the only one that goes in.

extension PostgresCatalogue {
  /// Rows per INSERT statement when copying in.
  static let rowsPerStatement = 500

  /// Every row of the tables both backends hold, in one repeatable-read snapshot.
  /// - Throws: `PostgresStoreError` or `RowDecodingError`.
  public func catalogueRows() async throws -> CatalogueRows {
    try await store.transaction(.repeatableRead) { connection in
      var rows: CatalogueRows = [:]
      for table in CatalogueTables.shared {
        let names = table.columns.map(\.name).joined(separator: ", ")
        var read: [[SQLValue]] = []
        for try await row in try await connection.query(
          PostgresQuery(unsafeSQL: "SELECT \(names) FROM \(table.name) ORDER BY \(table.order)"),
          logger: logger)
        {
          let cells = row.makeRandomAccess()
          read.append(
            try table.columns.enumerated().map { index, column in
              try Self.value(cells[index], kind: column.kind)
            })
        }
        rows[table.name] = read
      }
      return rows
    }
  }

  /// How many audit events and criteria documents the catalogue holds: an empty one has none.
  /// - Throws: `PostgresStoreError`.
  package func catalogueSize() async throws -> (events: Int, documents: Int) {
    let row = try await store.execute(
      "SELECT (SELECT count(*) FROM audit_event), (SELECT count(*) FROM criteria_document)")
    guard let (events, documents) = try row.first?.decode((Int, Int).self) else { return (0, 0) }
    return (events, documents)
  }

  /// Writes `rows` as they are, ids and the audit chain included, in one transaction, and moves
  /// each identity past the copied ids. Needs the rights of the schema's owner (the identities'
  /// counters are set).
  /// - Throws: `WorkspaceError.notEmpty` when the catalogue holds one already, or
  ///   `PostgresStoreError`; nothing is written then.
  public func insertCatalogueRows(_ rows: CatalogueRows) async throws {
    try await store.transaction { connection in
      try await store.lockAuditChain(on: connection)
      let (events, documents) =
        try await connection.query(
          "SELECT (SELECT count(*) FROM audit_event), (SELECT count(*) FROM criteria_document)",
          logger: logger
        ).collect().first?.decode((Int, Int).self) ?? (0, 0)
      if events > 0 || documents > 0 { throw WorkspaceError.notEmpty(store.url, events: events) }
      let (opened, closings) = CatalogueTables.closingsDeferred(rows)
      for table in CatalogueTables.shared {
        let tableRows = opened[table.name] ?? []
        var start = 0
        while start < tableRows.count {
          let batch = tableRows[start..<min(start + Self.rowsPerStatement, tableRows.count)]
          try await connection.query(try Self.insert(batch, into: table), logger: logger)
          start += batch.count
        }
        if table.hasID {
          try await connection.query(
            PostgresQuery(
              unsafeSQL: """
                SELECT setval(pg_get_serial_sequence('\(table.name)', 'id'), coalesce(max(id), 0) + 1, false)
                FROM \(table.name)
                """), logger: logger)
        }
      }
      for closing in closings {
        var bindings = PostgresBindings(capacity: 3)
        for value in closing {
          switch value {
          case .integer(let id): bindings.append(id)
          case .text(let text): bindings.append(text)
          default: bindings.appendNull()
          }
        }
        try await connection.query(
          PostgresQuery(
            unsafeSQL: PostgresCatalogueSQL.numberingPlaceholders(CatalogueTables.closing), binds: bindings),
          logger: logger)
      }
    }
  }

  /// One INSERT of `rows` into `table`, every value bound.
  private static func insert(_ rows: ArraySlice<[SQLValue]>, into table: CatalogueTables.Table) throws
    -> PostgresQuery
  {
    var bindings = PostgresBindings(capacity: rows.count * table.columns.count)
    var tuples: [String] = []
    for row in rows {
      var placeholders: [String] = []
      for (column, value) in zip(table.columns, row) {
        switch (value, column.kind) {
        case (.null, _): bindings.appendNull()
        case (.integer(let number), .flag): bindings.append(number != 0)
        case (.integer(let number), _): bindings.append(number)
        case (.text(let text), _): bindings.append(text)
        case (.real, _), (.blob, _):
          throw RowDecodingError(column: column.name, problem: "\(table.name) holds a value of another type")
        }
        placeholders.append("$\(bindings.count)")
      }
      tuples.append("(" + placeholders.joined(separator: ", ") + ")")
    }
    return PostgresQuery(
      unsafeSQL: "INSERT INTO \(table.name) (\(table.columns.map(\.name).joined(separator: ", "))) VALUES "
        + tuples.joined(separator: ", "),
      binds: bindings)
  }

  /// A cell as SQLite would hold it: a flag as 0 or 1.
  private static func value(_ cell: PostgresCell, kind: CatalogueTables.Kind) throws -> SQLValue {
    switch kind {
    case .integer: return try cell.decode(Int64?.self).map(SQLValue.integer) ?? .null
    case .text: return try cell.decode(String?.self).map(SQLValue.text) ?? .null
    case .flag: return try cell.decode(Bool?.self).map { .integer($0 ? 1 : 0) } ?? .null
    }
  }
}
