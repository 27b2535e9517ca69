import ExhibitKit
import ExhibitModel
import ExhibitPostgres
import Foundation
import Testing

/// Accounts, sessions, failed sign-ins and the CSRF key, the same operations on SQLite and on PostgreSQL; and on
/// PostgreSQL, what one server stores is what another sharing the database reads.
@Suite struct AccountContractTests {
  static let hash = "$2b$12$" + String(repeating: "a", count: 53)
  static let start = Date(timeIntervalSince1970: 1_790_000_000)

  static func answers(_ backend: Backend) async throws -> [String] {
    try await withEmptyCatalogue(backend) { catalogue in
      var lines: [String] = []
      func attempt(_ name: String, _ body: () async throws -> String) async {
        do { lines.append("\(name): \(try await body())") } catch { lines.append("\(name): \(error)") }
      }
      await attempt("add ana") {
        "\(try await catalogue.addAccount(name: "ana", role: .auditor, passwordHash: hash, actor: "admin", at: start))"
      }
      await attempt("add bo") {
        "\(try await catalogue.addAccount(name: "bo", role: .reviewer, passwordHash: hash, actor: "admin", at: start))"
      }
      await attempt("add ana again") {
        "\(try await catalogue.addAccount(name: "ana", role: .reviewer, passwordHash: hash, actor: "admin", at: start))"
      }
      await attempt("add a bad name") {
        "\(try await catalogue.addAccount(name: "a b", role: .reviewer, passwordHash: hash, actor: "admin", at: start))"
      }
      await attempt("list") { "\(try await catalogue.accounts())" }
      await attempt("credentials") {
        "\(try await catalogue.accountCredentials(name: "ana").map { ($0.account, $0.passwordHash) } as Any)"
      }
      await attempt("no credentials") { "\(try await catalogue.accountCredentials(name: "cy") as Any)" }
      // Desk settings: the standard until kept, kept per account, refused for an unknown one.
      await attempt("standard desk") { try await catalogue.deskSettings(account: "bo").json }
      await attempt("keep desk") {
        var mine = DeskSettings.standard
        mine.keys[.playPause] = "g"
        mine.reactionSeconds = 0.4
        try await catalogue.setDeskSettings(mine, account: "bo", at: start)
        try await catalogue.setDeskSettings(mine, account: "bo", at: start)
        return try await catalogue.deskSettings(account: "bo").json
      }
      await attempt("desk of nobody") {
        try await catalogue.setDeskSettings(.standard, account: "cy", at: start); return "kept"
      }
      try await catalogue.startSession(tokenSHA256: "t1", account: "ana", at: start, lifetime: 60)
      try await catalogue.startSession(tokenSHA256: "t2", account: "bo", at: start, lifetime: 60)
      await attempt("live") {
        "\(try await catalogue.sessionAccount(tokenSHA256: "t1", at: start.addingTimeInterval(30)) as Any)"
      }
      await attempt("expired") {
        "\(try await catalogue.sessionAccount(tokenSHA256: "t1", at: start.addingTimeInterval(61)) as Any)"
      }
      await attempt("unknown token") {
        "\(try await catalogue.sessionAccount(tokenSHA256: "t9", at: start) as Any)"
      }
      try await catalogue.endSession(tokenSHA256: "t2")
      await attempt("ended") { "\(try await catalogue.sessionAccount(tokenSHA256: "t2", at: start) as Any)" }
      try await catalogue.startSession(tokenSHA256: "t3", account: "ana", at: start, lifetime: 60)
      try await catalogue.removeAccount(name: "ana", actor: "admin", at: start)
      await attempt("removed's session") {
        "\(try await catalogue.sessionAccount(tokenSHA256: "t3", at: start) as Any)"
      }
      await attempt("remove again") {
        try await catalogue.removeAccount(name: "ana", actor: "admin", at: start); return "removed"
      }
      let first = String(repeating: "1", count: 64)
      await attempt("secret") { try await catalogue.webSecret(orStore: first) }
      await attempt("secret again") {
        try await catalogue.webSecret(orStore: String(repeating: "2", count: 64))
      }
      lines += try await signInLedgerAnswers(catalogue)
      lines += try await catalogue.auditEvents().map {
        "\($0.at) \($0.actor) \($0.action) \($0.subject) \($0.before ?? "-") \($0.after ?? "-")"
      }
      return lines
    }
  }

  /// The sign-in throttle's ledger: counts per key within the window, a count started again
  /// after it, counts past their window forgotten, and a key forgotten on a good sign-in.
  static func signInLedgerAnswers(_ catalogue: any ContractCatalogue) async throws -> [String] {
    let keys = ["account:ana", "address:10.0.0.1", "pair:ana|10.0.0.1"]
    func counts(since: TimeInterval) async throws -> String {
      let found = try await catalogue.signInFailures(
        keys + ["account:nobody"], since: start.addingTimeInterval(since))
      return found.sorted { $0.key < $1.key }.map {
        "\($0.key)=\($0.value.failures)@\(Int($0.value.last.timeIntervalSince(start)))"
      }.joined(separator: " ")
    }
    var lines: [String] = []
    for second in [0.0, 10, 20] {
      try await catalogue.recordSignInFailure(keys, at: start.addingTimeInterval(second), window: 900)
    }
    lines.append("ledger three: \(try await counts(since: -1))")
    lines.append("ledger since the last: \(try await counts(since: 20))")
    try await catalogue.forgetSignInFailures("pair:ana|10.0.0.1")
    lines.append("ledger pair forgotten: \(try await counts(since: -1))")
    try await catalogue.recordSignInFailure(["account:ana"], at: start.addingTimeInterval(1000), window: 900)
    lines.append("ledger after the window: \(try await counts(since: -1))")
    return lines
  }

  @Test func bothBackendsKeepAccountsTheSame() async throws {
    let sqlite = try await Self.answers(.sqlite)
    let postgres = try await Self.answers(.postgres)
    #expect(sqlite == postgres)
    #expect(sqlite.contains("add ana again: \(AccountError.exists("ana"))"))
    #expect(sqlite.contains("add a bad name: \(AccountError.invalidName("a b"))"))
    #expect(
      sqlite.contains("expired: nil") && sqlite.contains("ended: nil")
        && sqlite.contains("removed's session: nil"))
    #expect(sqlite.contains("remove again: \(AccountError.unknown("ana"))"))
    #expect(sqlite.contains("secret again: " + String(repeating: "1", count: 64)))
    #expect(
      sqlite.contains("ledger three: account:ana=3@20 address:10.0.0.1=3@20 pair:ana|10.0.0.1=3@20"))
    #expect(sqlite.contains("ledger since the last: "))
    #expect(sqlite.contains("ledger pair forgotten: account:ana=3@20 address:10.0.0.1=3@20"))
    // Past the window ana's count starts again, and the address's, 980 s old, is forgotten.
    #expect(sqlite.contains("ledger after the window: account:ana=1@1000"))
    #expect(sqlite.filter { $0.contains(" account.add ") }.count == 2)
    #expect(sqlite.filter { $0.contains(" account.remove ") }.count == 1)
  }

  /// Two servers, each with its own pool: a session started on one is live on the other, one
  /// signed out on the other is over on the first, and both sign with the first key stored, even
  /// when both ask at once.
  @Test func twoServersShareSessionsAndTheKey() async throws {
    let (server, database) = try await newPostgresDatabase()
    var location = try server.location()
    location.database = database
    let app = location
    try await PostgresStore.with(app) { one in
      try await PostgresStore.with(app) { other in
        let first = PostgresCatalogue(store: one)
        let second = PostgresCatalogue(store: other)
        _ = try await first.addAccount(
          name: "ana", role: .auditor, passwordHash: Self.hash, actor: "admin", at: Date())
        try await first.startSession(tokenSHA256: "token", account: "ana", at: Date(), lifetime: 600)
        #expect(try await second.sessionAccount(tokenSHA256: "token", at: Date())?.name == "ana")
        try await second.endSession(tokenSHA256: "token")
        #expect(try await first.sessionAccount(tokenSHA256: "token", at: Date()) == nil)
        async let fromFirst = first.webSecret(orStore: String(repeating: "a", count: 64))
        async let fromSecond = second.webSecret(orStore: String(repeating: "b", count: 64))
        let (a, b) = try await (fromFirst, fromSecond)
        #expect(a == b)
        #expect(try await second.webSecret(orStore: String(repeating: "c", count: 64)) == a)
      }
    }
  }
}
