import Dispatch
import ExhibitKit
import ExhibitModel
import ExhibitStorage
import NIOConcurrencyHelpers
import PostgresNIO

/// One PostgreSQL connection as ExhibitKit's `CatalogueSQL`: the catalogue writer's statements
/// run on it as they are written, `?` numbered `$1`, `$2`…, values bound, rows read into SQLite's
/// storage classes (a boolean as 0 or 1), so one copy of the writer's code decides on both
/// backends.
///
/// The writer is synchronous and runs on a thread of its own; each statement here waits for its
/// answer. A write transaction takes the audit chain's lock first, so catalogue writes from every
/// server follow each other as SQLite's writers do. A connection the server closes fails the
/// statement waiting on it a second later, rather than leaving it waiting for ever.
final class PostgresCatalogueSQL: CatalogueSQL, @unchecked Sendable {
  private let connection: PostgresConnection
  private let store: PostgresStore
  /// Transactions open on the connection: the outermost is BEGIN, an inner one a savepoint.
  private var depth = 0

  /// - Parameters:
  ///   - connection: A connection leased for as long as this object is used.
  ///   - store: Its database, for the URL errors name and the logger.
  init(connection: PostgresConnection, store: PostgresStore) {
    self.connection = connection
    self.store = store
  }

  func execute(_ sql: String, _ values: [any SQLBindable]) throws {
    _ = try run(sql, values)
  }

  func query(_ sql: String, _ values: [any SQLBindable]) throws -> [Row] {
    try run(sql, values).map(Self.row)
  }

  func insertReturningID(_ sql: String, _ values: [any SQLBindable]) throws -> Int64 {
    guard let id = try query(sql + " RETURNING id", values).first?.int64("id") else {
      throw PostgresStoreError.refused(store.url, sqlState: "", message: "an INSERT returned no id")
    }
    return id
  }

  func transaction<T>(_ body: () throws -> T) throws -> T {
    let savepoint = "exhibit_\(depth)"
    if depth == 0 {
      try execute("BEGIN ISOLATION LEVEL READ COMMITTED")
      try lockAuditChain()
    } else {
      try execute("SAVEPOINT \(savepoint)")
    }
    depth += 1
    do {
      let result = try body()
      depth -= 1
      try execute(depth == 0 ? "COMMIT" : "RELEASE SAVEPOINT \(savepoint)")
      return result
    } catch {
      depth -= 1
      if !connection.isClosed {
        _ = try? execute(depth == 0 ? "ROLLBACK" : "ROLLBACK TO SAVEPOINT \(savepoint)")
      }
      throw error
    }
  }

  /// Moves `table`'s id sequence past the ids copied into it.
  func rowsCopied(into table: String) throws {
    try execute(
      """
      SELECT setval(pg_get_serial_sequence('\(table)', 'id'), coalesce(max(id), 0) + 1, false) FROM \(table)
      """)
  }

  /// A read-only snapshot: REPEATABLE READ, so every statement of `body` sees the catalogue as
  /// its first one did; inside a transaction already open, that transaction.
  func reading<T>(_ body: () throws -> T) throws -> T {
    guard depth == 0 else { return try body() }
    try execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    depth += 1
    do {
      let result = try body()
      depth -= 1
      try execute("COMMIT")
      return result
    } catch {
      depth -= 1
      if !connection.isClosed { _ = try? execute("ROLLBACK") }
      throw error
    }
  }

  /// Takes the chain's advisory lock (``PostgresLock/auditAppend``), which every server's
  /// writers share, until the transaction ends.
  func lockAuditChain() throws {
    _ = try run(Self.auditLockQuery)
  }

  /// Takes the audit chain's lock until the transaction ends.
  private static var auditLockQuery: PostgresQuery {
    "SELECT pg_advisory_xact_lock(\(PostgresLock.auditAppend))"
  }

  /// Queues every query on the connection before waiting for the first answer: postgres-nio
  /// sends each from its event loop as the one before is answered, so the statements follow one
  /// another at the server's pace, not at the pace of this thread waking to read each answer.
  func queries(_ queries: [SQLQuery]) throws -> [[Row]] {
    let answers = queries.map { connection.query(Self.statement($0.sql, $0.values), logger: store.logger) }
    return try answers.map { try rows(of: $0).map(Self.row) }
  }

  /// Sends one statement and waits for its rows.
  private func run(_ sql: String, _ values: [any SQLBindable]) throws -> [PostgresRow] {
    try run(Self.statement(sql, values))
  }

  /// Sends one statement and waits for its rows.
  private func run(_ query: PostgresQuery) throws -> [PostgresRow] {
    try rows(of: connection.query(query, logger: store.logger))
  }

  /// The rows of a statement sent, once answered.
  private func rows(of answer: EventLoopFuture<PostgresQueryResult>) throws -> [PostgresRow] {
    do {
      return try self.answer(answer).rows
    } catch {
      throw PostgresStoreError.from(error, url: store.url)
    }
  }

  /// `sql` with its placeholders numbered and `values` bound.
  private static func statement(_ sql: String, _ values: [any SQLBindable]) -> PostgresQuery {
    var bindings = PostgresBindings(capacity: values.count)
    for value in values {
      switch value.sqlValue {
      case .null: bindings.appendNull()
      case .integer(let number): bindings.append(number)
      case .real(let number): bindings.append(number)
      case .text(let text): bindings.append(text)
      case .blob(let bytes): bindings.append(ByteBuffer(bytes: bytes))
      }
    }
    return PostgresQuery(unsafeSQL: numberingPlaceholders(sql), binds: bindings)
  }

  /// Waits for `future`; once the connection is closed, a second more at most.
  private func answer<Value: Sendable>(_ future: EventLoopFuture<Value>) throws -> Value {
    let done = DispatchSemaphore(value: 0)
    let result = NIOLockedValueBox<Result<Value, any Error>?>(nil)
    future.whenComplete { outcome in
      result.withLockedValue { $0 = outcome }
      done.signal()
    }
    var graceLeft = true
    while done.wait(timeout: .now() + .seconds(1)) == .timedOut {
      guard connection.isClosed else { continue }
      if !graceLeft {
        throw PostgresStoreError.unreachable(store.url, reason: "the server closed the connection")
      }
      graceLeft = false
    }
    guard let outcome = result.withLockedValue({ $0 }) else {
      throw PostgresStoreError.unreachable(store.url, reason: "a statement was left unanswered")
    }
    return try outcome.get()
  }

  /// `sql` with each `?` outside a quoted string or name numbered `$1`, `$2`…, and each `?N`
  /// (SQLite's numbered parameter) written `$N`. As in SQLite, a bare `?` after `?N` takes the
  /// number after the largest used so far.
  static func numberingPlaceholders(_ sql: String) -> String {
    // Byte by byte: every statement passes through here, and the quotes, `?` and digits that
    // matter are all ASCII, so no character is cut in two.
    let question = UInt8(ascii: "?")
    let apostrophe = UInt8(ascii: "'")
    let quotationMark = UInt8(ascii: "\"")
    let zero = UInt8(ascii: "0")
    let nine = UInt8(ascii: "9")
    var numbered: [UInt8] = []
    numbered.reserveCapacity(sql.utf8.count + 16)
    var largest = 0
    var quote: UInt8?
    var bytes = sql.utf8[...]
    while let byte = bytes.popFirst() {
      if let open = quote {
        if byte == open { quote = nil }
        numbered.append(byte)
      } else if byte == apostrophe || byte == quotationMark {
        quote = byte
        numbered.append(byte)
      } else if byte == question {
        let digits = bytes.prefix { (zero...nine).contains($0) }
        bytes = bytes.dropFirst(digits.count)
        let number = Int(String(decoding: digits, as: UTF8.self)) ?? largest + 1
        largest = max(largest, number)
        numbered.append(UInt8(ascii: "$"))
        numbered += String(number).utf8
      } else {
        numbered.append(byte)
      }
    }
    return String(decoding: numbered, as: UTF8.self)
  }

  /// A row with its values in SQLite's storage classes.
  private static func row(_ row: PostgresRow) throws -> Row {
    var columns: [String] = []
    var values: [SQLValue] = []
    for cell in row {
      columns.append(cell.columnName)
      values.append(try value(cell))
    }
    return Row(columns: columns, values: values)
  }

  /// A cell's value: integers, text, reals and bytes as they are, a boolean as 0 or 1.
  private static func value(_ cell: PostgresCell) throws -> SQLValue {
    guard cell.bytes != nil else { return .null }
    switch cell.dataType {
    case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
    case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
    case .float4, .float8: return .real(try cell.decode(Double.self))
    case .bytea: return .blob(Array(try cell.decode(ByteBuffer.self).readableBytesView))
    default: return .text(try cell.decode(String.self))
    }
  }
}
