import ExhibitKit
import ExhibitPostgres
import ExhibitTestServers
import Foundation
import PostgresNIO
import Testing

/// What only PostgreSQL's side of the audit trail must hold: one chain under writers on several
/// servers, and a trail append-only in the database itself, whoever connects.
@Suite struct PostgresAuditTrailTests {
  /// The application's role and the owner's, on one test database.
  private func locations(_ server: PostgresServer, _ database: String) throws -> (
    app: PostgresLocation, owner: PostgresLocation
  ) {
    var app = try server.location()
    var owner = try server.location(role: "exhibit_owner")
    app.database = database
    owner.database = database
    return (app, owner)
  }

  @Test func eightWritersOnTwoServersMakeOneChain() async throws {
    let (server, database) = try await newPostgresDatabase()
    let app = try locations(server, database).app
    let writers = 8
    let eventsEach = 25
    // Two pools stand for two servers; each runs four writers at once.
    try await PostgresStore.with(app, maximumConnections: 4) { first in
      try await PostgresStore.with(app, maximumConnections: 4) { second in
        try await withThrowingTaskGroup(of: Void.self) { group in
          for writer in 0..<writers {
            let store = PostgresCatalogue(store: writer % 2 == 0 ? first : second)
            group.addTask {
              for index in 0..<eventsEach {
                _ = try await store.appendAuditEvent(
                  AuditEntry(
                    actor: "auditor-\(writer)", action: "link.create", subject: "link:\(writer)-\(index)"))
              }
            }
          }
          try await group.waitForAll()
        }
      }
    }
    try await PostgresStore.with(app) { pool in
      let store = PostgresCatalogue(store: pool)
      let events = try await store.auditEvents()
      // No lost write and no duplicate: every writer's every event, once.
      #expect(events.count == writers * eventsEach)
      #expect(Set(events.map(\.subject)).count == writers * eventsEach)
      // No gap and no fork: ids 1…n, each chained to the one before.
      #expect(events.map(\.id) == Array(1...Int64(writers * eventsEach)))
      #expect(Set(events.map(\.previousHash)).count == events.count)
      let report = try await store.verifyAuditChain()
      #expect(report.valid)
      #expect(report.events == writers * eventsEach)
      #expect(report.headHash == events.last?.hash)
    }
  }

  @Test func theApplicationsRoleMayOnlyReadAndAppend() async throws {
    let (server, database) = try await newPostgresDatabase()
    let app = try locations(server, database).app
    try await PostgresStore.with(app) { store in
      let catalogue = PostgresCatalogue(store: store)
      _ = try await catalogue.appendAuditEvent(
        AuditEntry(actor: "Ana", action: "audit.open", subject: "audit:1"))
      for statement in [
        "UPDATE audit_event SET actor = 'Mallory'", "DELETE FROM audit_event", "TRUNCATE audit_event",
        "DELETE FROM audit_subject", "UPDATE exhibit_schema SET version = 0",
        "CREATE TABLE intruder (id integer)", "DELETE FROM criteria_item",
        "UPDATE criteria_item SET label = ''",
        "DELETE FROM criteria_document", "DELETE FROM component_alias", "UPDATE gherkin_step SET text = ''",
      ] {
        await #expect(throws: PostgresStoreError.self, "\(statement)") {
          try await store.execute(PostgresQuery(unsafeSQL: statement))
        }
        do { try await store.execute(PostgresQuery(unsafeSQL: statement)) } catch let error
          as PostgresStoreError
        {
          #expect(error.sqlState == "42501", "\(statement): \(error)")
        }
      }
      #expect(try await catalogue.auditEvents().map(\.actor) == ["Ana"])
    }
  }

  @Test func triggersRefuseChangesEvenToTheOwnerAndTheSuperuser() async throws {
    let (server, database) = try await newPostgresDatabase()
    let (app, owner) = try locations(server, database)
    try await PostgresStore.with(app) {
      _ = try await PostgresCatalogue(store: $0).appendAuditEvent(
        AuditEntry(actor: "Ana", action: "audit.open", subject: "audit:1"))
    }
    try await PostgresStore.with(owner) { store in
      for statement in [
        "UPDATE audit_event SET actor = 'Mallory'", "DELETE FROM audit_event",
        "TRUNCATE audit_event, audit_subject",
      ] {
        do {
          try await store.execute(PostgresQuery(unsafeSQL: statement))
          Issue.record("the owner could run \(statement)")
        } catch let error as PostgresStoreError {
          #expect("\(error)".contains("audit_event is append-only"), "\(error)")
        }
      }
    }
    await #expect(throws: ServerError.self) {
      try await offThePool { try server.psql(database: database, "UPDATE audit_event SET actor = 'Mallory'") }
    }
    #expect(
      try await offThePool { try server.psql(database: database, "SELECT actor FROM audit_event") } == "Ana\n"
    )
  }

  @Test func theDatabaseRefusesAnEventThatDoesNotFollowTheHead() async throws {
    let (server, database) = try await newPostgresDatabase()
    let app = try locations(server, database).app
    try await PostgresStore.with(app) { store in
      let catalogue = PostgresCatalogue(store: store)
      let first = try await catalogue.appendAuditEvent(
        AuditEntry(actor: "Ana", action: "audit.open", subject: "audit:1"))
      let entry = AuditEntry(actor: "Mallory", action: "link.create", subject: "link:9")
      let forgeries: [(String, AuditEvent)] = [
        ("a gap", entry.chained(id: 3, after: first.hash)),
        ("a fork from the genesis hash", entry.chained(id: 2, after: AuditEvent.genesisHash)),
        (
          "a hash that is not its content's",
          Self.withHash(entry.chained(id: 2, after: first.hash), first.hash)
        ),
      ]
      for (name, event) in forgeries {
        do {
          try await store.execute(
            """
            INSERT INTO audit_event (id, at, actor, action, subject, before, after, previous_hash, hash)
            VALUES (\(event.id), \(event.at), \(event.actor), \(event.action), \(event.subject), \(event.before),
              \(event.after), \(event.previousHash), \(event.hash))
            """)
          Issue.record("\(name) was stored")
        } catch let error as PostgresStoreError {
          #expect(error.sqlState == "23000", "\(name): \(error)")
        }
      }
      #expect(try await catalogue.verifyAuditChain().events == 1)
    }
  }

  @Test func anEditMadeBehindTheTriggersBackIsFound() async throws {
    let (server, database) = try await newPostgresDatabase()
    let app = try locations(server, database).app
    try await PostgresStore.with(app) { store in
      for subject in ["audit:1", "link:1", "link:2"] {
        _ = try await PostgresCatalogue(store: store).appendAuditEvent(
          AuditEntry(actor: "Ana", action: "link.create", subject: subject))
      }
    }
    // Only a superuser can do this: turn the trigger off and rewrite history.
    try await offThePool {
      try server.psql(
        database: database, "ALTER TABLE audit_event DISABLE TRIGGER audit_event_no_change",
        "UPDATE audit_event SET actor = 'Mallory' WHERE id = 2")
    }
    let report = try await PostgresStore.with(app) {
      try await PostgresCatalogue(store: $0).verifyAuditChain()
    }
    #expect(!report.valid)
    #expect(report.problems.first?.path == "audit_event:2")
    #expect(report.problems.first?.problem.contains("edited") == true)
  }

  private static func withHash(_ event: AuditEvent, _ hash: String) -> AuditEvent {
    AuditEvent(
      id: event.id, at: event.at, actor: event.actor, action: event.action, subject: event.subject,
      before: event.before, after: event.after, previousHash: event.previousHash, hash: hash)
  }
}

/// The database restarted under a writer: an append cut off fails with a clear error and leaves
/// nothing half-written, the pool reconnects, and the chain stays whole.
@Suite struct PostgresRestartTests {
  @Test func appendsCutByARestartAreAllOrNothing() async throws {
    // A cluster of its own: the restart ends every session on it.
    let server = try await offThePool { try PostgresServer() }
    defer { server.stop() }
    var owner = try server.location(role: "exhibit_owner")
    owner.database = "exhibit"
    try await PostgresStore.with(owner) { try await $0.migrate(grantingTo: "exhibit_app") }
    let app = try server.location()
    let total = 200
    let (acknowledged, failures) = try await PostgresStore.with(app, maximumConnections: 2) {
      pool -> ([AuditEvent], [String]) in
      let store = PostgresCatalogue(store: pool)
      return try await withThrowingTaskGroup(of: ([AuditEvent], [String]).self) { group in
        let progress = Progress()
        group.addTask {
          var acknowledged: [AuditEvent] = []
          var failures: [String] = []
          for index in 0..<total {
            do {
              acknowledged.append(
                try await store.appendAuditEvent(
                  AuditEntry(actor: "Ana", action: "link.create", subject: "link:\(index)")))
            } catch {
              // As an auditor would: try the next one a little later.
              failures.append("\(error)")
              try await Task.sleep(for: .milliseconds(50))
            }
            progress.advance()
          }
          return (acknowledged, failures)
        }
        while progress.count < total / 4 { try await Task.sleep(for: .milliseconds(5)) }
        try await offThePool { try server.restart() }
        return try await group.next() ?? ([], [])
      }
    }
    try await PostgresStore.with(app) { pool in
      let store = PostgresCatalogue(store: pool)
      let events = try await store.auditEvents()
      // Every acknowledged event is there as it was returned, and nothing else but what was asked.
      #expect(Set(acknowledged.map(\.hash)).isSubset(of: Set(events.map(\.hash))))
      #expect(acknowledged.count + failures.count == total)
      #expect(events.count >= acknowledged.count && events.count <= total)
      #expect(try await store.verifyAuditChain().valid)
      // Each event with its subjects: an append is one transaction.
      for event in events {
        #expect(try await store.auditEvents(touching: [event.subject]).map(\.id) == [event.id])
      }
    }
    // The pool reconnected: the appends after the restart were made.
    #expect(acknowledged.last?.subject == "link:\(total - 1)")
    for failure in failures {
      #expect(failure.hasPrefix("postgres://exhibit_app@127.0.0.1:\(server.port)/exhibit: "), "\(failure)")
      #expect(!failure.contains(PostgresServer.password) && !failure.contains("PSQLError"), "\(failure)")
    }
  }
}

/// How many appends a writer has made, read by the task that restarts the server.
private final class Progress: @unchecked Sendable {
  private let lock = NSLock()
  private var done = 0

  var count: Int { lock.withLock { done } }
  func advance() { lock.withLock { done += 1 } }
}
