import ExhibitTestServers
import Foundation
import PostgresNIO
import Testing

@testable import ExhibitPostgres

/// `criteria_current` on PostgreSQL, a table its triggers keep since migration 18: a database
/// made before it gets each component's document chosen once by the migration, and every change
/// after (a document added, re-keyed or removed, items added or removed) chooses again, by the
/// rule SQLite's triggers keep.
@Suite struct CurrentCriteriaKeptTests {
  /// Documents of one `native/stepper` and one `web/stepper`: markdown without items, Jekyll with
  /// items in two revisions, rendered text alone on the web.
  static let documents = """
    INSERT INTO criteria_document (id, family, component, title, source_path, format, sha256, revision, imported_at)
    VALUES (1, 'native', 'stepper', 'Stepper', 'a.md', 'magenta-markdown', repeat('1', 64), 1, '2026-01-01'),
      (2, 'native', 'stepper', 'Stepper', 'b.md', 'jekyll-front-matter', repeat('2', 64), 1, '2026-01-01'),
      (3, 'native', 'stepper', 'Stepper', 'b.md', 'jekyll-front-matter', repeat('3', 64), 2, '2026-01-02'),
      (4, 'web', 'stepper', 'Stepper', 'c.md', 'rendered-text', repeat('4', 64), 1, '2026-01-01');
    INSERT INTO criteria_item (document_id, key, section, label, expectation, platforms, position)
    VALUES (2, 'native/stepper#keyboard.tab', 'keyboard', 'Tab', 'Focus moves', 'ios,android', 0),
      (3, 'native/stepper#keyboard.tab', 'keyboard', 'Tab', 'Focus moves', 'ios,android', 0);
    """

  /// `family/component=document` rows, in order.
  private func kept(_ server: PostgresServer, _ database: String) throws -> String {
    try server.psql(
      database: database,
      """
      SELECT string_agg(family || '/' || component || '=' || document_id, ' ' ORDER BY family, component)
      FROM criteria_current
      """
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func migratingAnOlderDatabaseChoosesEachCurrentDocument() async throws {
    // The schema as the release before migration 18 left it, with documents in it.
    let (server, database, owner) = try await postgresDatabase(before: 18)
    try await offThePool { _ = try server.psql(database: database, Self.documents) }
    let kind = try await offThePool {
      try server.psql(database: database, "SELECT relkind FROM pg_class WHERE relname = 'criteria_current'")
    }
    #expect(kind.contains("v"))
    let applied = try await PostgresStore.with(owner) { try await $0.migrate() }
    #expect(applied == Array(18...PostgresSchema.latestVersion))
    // Markdown without items loses to Jekyll with items; of Jekyll's revisions, the newest counts.
    #expect(try await offThePool { try kept(server, database) } == "native/stepper=3 web/stepper=4")
  }

  @Test func everyChangeChoosesAgain() async throws {
    let (server, database) = try await newPostgresDatabase()
    try await offThePool { _ = try server.psql(database: database, Self.documents) }
    #expect(try await offThePool { try kept(server, database) } == "native/stepper=3 web/stepper=4")
    // Markdown gains an item: the best format with items wins.
    try await offThePool {
      _ = try server.psql(
        database: database,
        """
        INSERT INTO criteria_item (document_id, key, section, label, expectation, platforms, position)
        VALUES (1, 'native/stepper#keyboard.tab', 'keyboard', 'Tab', 'Focus moves', 'ios,android', 0)
        """)
    }
    #expect(try await offThePool { try kept(server, database) } == "native/stepper=1 web/stepper=4")
    // And loses it again.
    try await offThePool {
      _ = try server.psql(database: database, "DELETE FROM criteria_item WHERE document_id = 1")
    }
    #expect(try await offThePool { try kept(server, database) } == "native/stepper=3 web/stepper=4")
    // A revision re-keyed to another component leaves the one it came from to its other documents.
    try await offThePool {
      _ = try server.psql(
        database: database, "UPDATE criteria_document SET component = 'spinner' WHERE id = 3")
    }
    #expect(
      try await offThePool { try kept(server, database) }
        == "native/spinner=3 native/stepper=2 web/stepper=4")
    // The last document of a component gone: so is its row.
    try await offThePool {
      _ = try server.psql(database: database, "DELETE FROM criteria_document WHERE id = 4")
    }
    #expect(try await offThePool { try kept(server, database) } == "native/spinner=3 native/stepper=2")
    // The application's role reads the table and cannot write it.
    #expect(
      try await offThePool {
        try server.psql(
          database: database,
          "SELECT has_table_privilege('exhibit_app', 'criteria_current', 'SELECT'), "
            + "has_table_privilege('exhibit_app', 'criteria_current', 'INSERT')")
      }.trimmingCharacters(in: .whitespacesAndNewlines) == "t|f")
  }
}
