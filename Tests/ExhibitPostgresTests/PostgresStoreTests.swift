import ExhibitPostgres
import ExhibitTestServers
import Foundation
import Testing

/// Opening a PostgreSQL catalogue and making its schema, against a real cluster.
@Suite struct PostgresStoreTests {
  @Test func migratesOnceAndRefusesASchemaFromANewerExhibit() async throws {
    let server = try await offThePool { try sharedPostgres.get() }
    let database = try await offThePool { try server.makeDatabase() }
    var owner = try server.location(role: "exhibit_owner")
    owner.database = database
    try await PostgresStore.with(owner) { (store: PostgresStore) async throws in
      #expect(try await store.schemaVersion() == 0)
      #expect(try await store.migrate() == Array(1...PostgresSchema.latestVersion))
      #expect(try await store.migrate() == [])
      #expect(try await store.schemaVersion() == PostgresSchema.latestVersion)
    }
    try await offThePool {
      try server.psql(database: database, "INSERT INTO exhibit_schema (version, name) VALUES (999, 'future')")
    }
    await #expect(
      throws: PostgresStoreError.newerSchema(
        owner.redacted, version: 999, known: PostgresSchema.latestVersion)
    ) {
      try await PostgresStore.with(owner) { try await $0.migrate() }
    }
  }

  /// Every table the migrations make has its rights for the application's role written down, and
  /// the role has exactly those: a table left out would be read only to it.
  @Test func everyTableHasTheApplicationsRightsWrittenDown() async throws {
    let (server, database) = try await newPostgresDatabase()
    let listed = try await offThePool {
      try server.psql(
        database: database,
        """
        SELECT t.tablename || ':' || string_agg(p.privilege_type, ',' ORDER BY p.privilege_type)
        FROM pg_tables t LEFT JOIN information_schema.role_table_grants p
          ON p.table_name = t.tablename AND p.grantee = 'exhibit_app'
        WHERE t.schemaname = 'public' GROUP BY t.tablename ORDER BY t.tablename
        """)
    }
    let granted = listed.split(separator: "\n").map(String.init).filter { $0.contains(":") }
    let expected = PostgresSchema.applicationRights.sorted { $0.key < $1.key }.map { table, rights in
      table + ":"
        + rights.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.sorted()
        .joined(separator: ",")
    }
    #expect(granted == expected)
    // Columns the role may update, by name, and no others.
    let columns = try await offThePool {
      try server.psql(
        database: database,
        """
        SELECT table_name || ':' || string_agg(column_name, ',' ORDER BY column_name)
        FROM information_schema.column_privileges
        WHERE grantee = 'exhibit_app' AND privilege_type = 'UPDATE' AND table_schema = 'public'
        GROUP BY table_name ORDER BY table_name
        """)
    }.split(separator: "\n").map(String.init).filter { row in
      // A table the role may update whole lists every column; only those granted by name count.
      row.split(separator: ":").first.map { PostgresSchema.applicationColumnRights[String($0)] != nil }
        ?? false
    }
    #expect(
      columns
        == PostgresSchema.applicationColumnRights.sorted { $0.key < $1.key }.map {
          $0.key + ":" + $0.value.sorted().joined(separator: ",")
        })
  }

  @Test func twoMigrationsAtOnceMakeOneSchema() async throws {
    let server = try await offThePool { try sharedPostgres.get() }
    let database = try await offThePool { try server.makeDatabase() }
    var owner = try server.location(role: "exhibit_owner")
    owner.database = database
    let location = owner
    let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
      for _ in 0..<2 {
        group.addTask {
          try await PostgresStore.with(location) { try await $0.migrate(grantingTo: "exhibit_app") }
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(applied.sorted { $0.count < $1.count } == [[], Array(1...PostgresSchema.latestVersion)])
  }

  @Test func theApplicationsRoleCannotMakeTheSchema() async throws {
    let server = try await offThePool { try sharedPostgres.get() }
    var app = try server.location()
    app.database = try await offThePool { try server.makeDatabase() }
    do {
      try await PostgresStore.with(app) { try await $0.migrate() }
      Issue.record("exhibit_app made the schema")
    } catch let error as PostgresStoreError {
      #expect(error.sqlState == "42501", "\(error)")
    }
  }

  @Test func connectsOverTheUnixSocket() async throws {
    let (server, database) = try await newPostgresDatabase()
    var location = try server.location(socket: true)
    location.database = database
    #expect(
      try await PostgresStore.with(location) { try await $0.schemaVersion() } == PostgresSchema.latestVersion)
  }

  @Test func saysWhyItCannotConnectWithoutShowingThePassword() async throws {
    let server = try await offThePool { try sharedPostgres.get() }
    let wrongPassword = try PostgresLocation(
      url: "postgres://exhibit_app:not-the-password@127.0.0.1:\(server.port)/exhibit", environment: [:])
    let missingDatabase = try PostgresLocation(
      url: "postgres://exhibit_app:\(PostgresServer.password)@127.0.0.1:\(server.port)/nowhere",
      environment: [:])
    let nothingListening = try PostgresLocation(
      url: "postgres://exhibit_app:secret@127.0.0.1:\(try ObjectStoreServer.freePort())/exhibit",
      environment: [:])
    let cases = [
      (wrongPassword, "password authentication failed"), (missingDatabase, "\"nowhere\" does not exist"),
      (nothingListening, "refused"),
    ]
    for (location, reason) in cases {
      do {
        try await PostgresStore.with(location) { _ in }
        Issue.record("\(location.redacted) connected")
      } catch let error as PostgresStoreError {
        let text = "\(error)"
        #expect(text.hasPrefix(location.redacted + ": cannot connect"), "\(text)")
        #expect(text.localizedCaseInsensitiveContains(reason), "\(text)")
        #expect(
          !text.contains("not-the-password") && !text.contains("secret")
            && !text.contains(PostgresServer.password))
      }
    }
  }
}

/// Encryption as libpq's `sslmode` asks, against a server offering TLS with a self-signed
/// certificate.
@Suite struct PostgresEncryptionTests {
  @Test func encryptsAsSSLModeSaysAndRefusesAnUntrustedCertificateWhenAskedToVerify() async throws {
    let (server, database) = try await newPostgresDatabase()
    func location(_ mode: String?) throws -> PostgresLocation {
      let query = mode.map { "?sslmode=\($0)" } ?? ""
      return try PostgresLocation(
        url: "postgres://exhibit_app:\(PostgresServer.password)@127.0.0.1:\(server.port)/\(database)\(query)",
        environment: [:])
    }
    for (mode, encrypted) in [(nil, true), ("prefer", true), ("require", true), ("disable", false)] {
      let ssl = try await PostgresStore.with(try location(mode)) { store in
        try await store.execute("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()").first?.decode(
          Bool.self)
      }
      #expect(ssl == encrypted, "sslmode \(mode ?? "(default)")")
    }
    do {
      try await PostgresStore.with(try location("verify-full")) { _ in }
      Issue.record("a self-signed certificate was trusted")
    } catch let error as PostgresStoreError {
      #expect(
        "\(error)".hasPrefix("postgres://exhibit_app@127.0.0.1:\(server.port)/\(database): cannot connect"))
    }
    #expect(throws: PostgresStoreError.self) { try location("sometimes") }
  }
}
