import ExhibitKit
import ExhibitModel
import ExhibitPostgres
import ExhibitTestServers
import Foundation
import Testing

/// What a server hears of commits to a shared catalogue: every table a page reads signals its
/// changes, a commit by another connection moves the version within a second, nothing moves it
/// while nothing changes, and failed sign-ins counted by one server are seen by another.
@Suite struct CatalogueChangesTests {
  /// Changes heard from `store`'s database, once its `LISTEN` is answered (ten seconds at most).
  private static func listening(to store: PostgresStore) async throws -> CatalogueChanges {
    let changes = CatalogueChanges.listen(to: store)
    let deadline = Date().addingTimeInterval(10)
    while !changes.isListening, Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
    #expect(changes.isListening)
    return changes
  }

  @Test func everyTableAPageReadsSignalsItsChanges() async throws {
    let (server, database) = try await newPostgresDatabase()
    let triggered = try await offThePool {
      try server.psql(
        database: database,
        """
        SELECT string_agg(c.relname, ' ' ORDER BY c.relname) FROM pg_trigger t
        JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = 'exhibit_catalogue_changed'
        """)
    }
    let tables = Set(triggered.split(whereSeparator: \.isWhitespace).map(String.init))
    #expect(tables == PostgresSchema.signalledTables)
    #expect(
      !tables.contains("web_session") && tables.contains("evidence_link") && tables.contains("audit_event"))
  }

  @Test func aCommitElsewhereMovesTheVersionAndQuietLeavesIt() async throws {
    let (server, database) = try await newPostgresDatabase()
    var location = try server.location()
    location.database = database
    try await PostgresStore.with(location) { listening in
      let changes = try await Self.listening(to: listening)
      defer { Task { await changes.stop() } }
      let quiet = changes.version()
      try await Task.sleep(for: .milliseconds(200))
      #expect(changes.version() == quiet)
      // Another process's write: a second store, as another server or a command would be.
      try await PostgresStore.with(location) { writer in
        _ = try await PostgresCatalogue(store: writer).appendAuditEvent(
          AuditEntry(actor: "ana", action: "product.add", subject: "product:Acme"))
      }
      let written = Date()
      while changes.version() == quiet, Date().timeIntervalSince(written) < 1 {
        try await Task.sleep(for: .milliseconds(5))
      }
      #expect(changes.version() != quiet, "no change heard within a second")
      await changes.stop()
      // Stopped, it cannot know: the version moves on every ask, so nothing is kept.
      #expect(changes.version() != changes.version())
    }
  }

  /// A server's own write moves its version at once, before (here: without) its commit's signal,
  /// so the page a browser is sent to after saving is not one kept from before the save.
  @Test func aWriteHereMovesTheVersionBeforeItsSignal() async throws {
    let (server, database) = try await newPostgresDatabase()
    var location = try server.location()
    location.database = database
    try await PostgresStore.with(location) { listening in
      // Listening to a database nobody writes to: only this server's own word can move it.
      let changes = try await Self.listening(to: listening)
      defer { Task { await changes.stop() } }
      let before = changes.version()
      #expect(changes.version() == before)
      changes.changedHere()
      let after = changes.version()
      #expect(after != before)
      #expect(changes.version() == after)
    }
  }

  @Test func failedSignInsCountedByOneServerAreSeenByAnother() async throws {
    let (server, database) = try await newPostgresDatabase()
    var location = try server.location()
    location.database = database
    let start = Date(timeIntervalSince1970: 1_790_000_000)
    try await PostgresStore.with(location) { first in
      try await PostgresStore.with(location) { second in
        let (one, two) = (PostgresCatalogue(store: first), PostgresCatalogue(store: second))
        let keys = ["account:ana", "address:10.0.0.1", "pair:ana|10.0.0.1"]
        // Both servers count a failure at once: both count.
        async let counted: Void = one.recordSignInFailure(keys, at: start, window: 900)
        async let alsoCounted: Void = two.recordSignInFailure(keys, at: start, window: 900)
        _ = try await (counted, alsoCounted)
        let seen = try await two.signInFailures(keys, since: start.addingTimeInterval(-900))
        #expect(keys.map { seen[$0]?.failures } == [2, 2, 2])
        #expect(seen["account:ana"]?.last == start)
        // A success forgets the pair only; a failure a window later starts again from one.
        try await one.forgetSignInFailures("pair:ana|10.0.0.1")
        try await one.recordSignInFailure(["account:ana"], at: start.addingTimeInterval(900), window: 900)
        let later = try await two.signInFailures(keys, since: start)
        #expect(later["account:ana"]?.failures == 1)
        #expect(later["pair:ana|10.0.0.1"] == nil)
        // Counts past their window are forgotten.
        #expect(later["address:10.0.0.1"] == nil)
      }
    }
  }
}
