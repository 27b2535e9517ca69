import ExhibitModel
import Foundation
import Testing

@testable import ExhibitPostgres

/// Reading `postgres://` URLs and finding their passwords as libpq does, without a server.
@Suite struct PostgresLocationTests {
  @Test func readsTheURLsPartsAndFillsTheRestFromTheEnvironment() throws {
    let full = try PostgresLocation(
      url: "postgres://auditor:s%40cret@db.example:6543/evidence", environment: [:])
    #expect(full.host == "db.example")
    #expect(full.port == 6543)
    #expect(full.user == "auditor")
    #expect(full.password == "s@cret")
    #expect(full.database == "evidence")
    #expect(full.redacted == "postgres://auditor@db.example:6543/evidence")

    let bare = try PostgresLocation(
      url: "postgresql://",
      environment: ["PGHOST": "10.0.0.5", "PGPORT": "5433", "PGUSER": "team", "PGPASSWORD": "pw"])
    #expect(bare.host == "10.0.0.5")
    #expect(bare.port == 5433)
    #expect(bare.user == "team")
    #expect(bare.database == "team")
    #expect(bare.password == "pw")

    let socket = try PostgresLocation(
      url: "postgres://app@/exhibit?host=/run/postgresql&port=5544", environment: [:])
    #expect(socket.host == nil)
    #expect(socket.socketFolder == "/run/postgresql")
    #expect(socket.port == 5544)
    #expect(socket.redacted == "postgres://app@:5544/exhibit?host=/run/postgresql")
  }

  @Test func refusesWhatIsNotAPostgresURL() {
    for text in ["Database/exhibit.sqlite", "mysql://root:pw@host/db", "postgres://h/db?port=http"] {
      #expect(throws: PostgresStoreError.self, "\(text)") {
        try PostgresLocation(url: text, environment: [:])
      }
    }
    do {
      _ = try PostgresLocation(url: "mysql://root:topsecret@host/db", environment: [:])
    } catch {
      #expect(!"\(error)".contains("topsecret"), "\(error)")
    }
    #expect(
      throws: PostgresStoreError.badURL(
        "postgres://a@h/db?port=http", reason: "the port http is not a port number")
    ) { try PostgresLocation(url: "postgres://a:secret@h/db?port=http", environment: [:]) }
  }

  @Test func findsThePasswordInAPasswordFileThatOnlyItsOwnerReads() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exhibit-pgpass-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("pgpass").path
    try """
    # host:port:database:user:password
    db.example:5432:other:auditor:not-this-one
    db.example:5432:evidence:auditor:with\\:colon
    *:*:*:auditor:fallback
    """.write(toFile: file, atomically: true, encoding: .utf8)
    chmod(file, 0o600)
    let environment = ["PGPASSFILE": file]
    let exact = try PostgresLocation(url: "postgres://auditor@db.example/evidence", environment: environment)
    #expect(exact.password == "with:colon")
    let wildcard = try PostgresLocation(url: "postgres://auditor@elsewhere:7000/x", environment: environment)
    #expect(wildcard.password == "fallback")
    let stranger = try PostgresLocation(
      url: "postgres://someone@db.example/evidence", environment: environment)
    #expect(stranger.password == nil)
    // The URL's password, then PGPASSWORD, come before the file.
    let given = try PostgresLocation(
      url: "postgres://auditor:inline@db.example/evidence",
      environment: environment.merging(["PGPASSWORD": "env"]) { $1 })
    #expect(given.password == "inline")
    // A file others may read is not used, as libpq does.
    chmod(file, 0o644)
    #expect(
      try PostgresLocation(url: "postgres://auditor@db.example/evidence", environment: environment).password
        == nil)
  }

  @Test func cutsAMigrationIntoItsStatements() {
    let script = """
      -- a comment; with a semicolon
      CREATE TABLE t (a text DEFAULT 'x;y', "b;c" int);
      CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'no; never';
      END
      $$;
      CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $body$ SELECT 1; $body$;
      SELECT $1::text;
      """
    #expect(
      SQLScript.statements(script) == [
        "CREATE TABLE t (a text DEFAULT 'x;y', \"b;c\" int)",
        "CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RAISE EXCEPTION 'no; never';\nEND\n$$",
        "CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $body$ SELECT 1; $body$",
        "SELECT $1::text",
      ])
  }

  @Test func takesThePasswordOutOfAnyURL() {
    #expect(DatabaseURL.withoutPassword("postgres://a:b@h/d") == "postgres://a@h/d")
    #expect(DatabaseURL.withoutPassword("postgres://a:b@c@h/d") == "postgres://a@h/d")
    #expect(DatabaseURL.withoutPassword("postgres://a@h/d") == "postgres://a@h/d")
    #expect(DatabaseURL.withoutPassword("Database/exhibit.sqlite") == "Database/exhibit.sqlite")
  }
}
