import ArgumentParser
import ExhibitKit
import Foundation
import HummingbirdBcrypt

/// `exhibit users add | remove | list`
struct Users: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "users",
    abstract: "Manage the accounts that sign in to `exhibit serve` on an address other than 127.0.0.1.",
    subcommands: [UsersAdd.self, UsersRemove.self, UsersList.self])
}

/// `exhibit users add NAME [--role reviewer|auditor]`
struct UsersAdd: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add an account; its password is read from the terminal, or from the first line of stdin.",
    discussion:
      "Passwords are stored only as bcrypt hashes. Reviewers read and download; auditors also judge.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The account's name (letters, digits, '.', '-', '_', '@').")
  var name: String
  @Option(help: "reviewer or auditor.")
  var role: AccountRole = .reviewer

  func run() throws {
    try reportingFailures {
      guard Account.isValidName(name) else { throw AccountError.invalidName(name) }
      let hash = try passwordHash()
      let store = try global.openForWriting()
      let account = try store.addAccount(
        name: name, role: role, passwordHash: hash,
        actor: CommandActor.current())
      Console.out("added \(account.name) (\(account.role.rawValue))")
    }
  }

  /// `users add` on a catalogue on a database server. The password is read once the command
  /// runs where it stays (in `exhibit-team`), not before `exhibit` hands it over.
  func runOnServer(_ opener: any CatalogueOpener) async throws {
    try await reportingFailures {
      guard Account.isValidName(name) else { throw AccountError.invalidName(name) }
      let account = try await opener.withCatalogue(url: global.databasePath) { catalogue in
        try await catalogue.addAccount(
          name: name, role: role, passwordHash: try passwordHash(), actor: CommandActor.current(), at: Date())
      }
      Console.out("added \(account.name) (\(account.role.rawValue))")
    }
  }

  /// The password read, checked and hashed with bcrypt.
  private func passwordHash() throws -> String {
    let password = try PasswordInput.read(confirm: true)
    if let problem = AccountError.problem(withPassword: password) { throw problem }
    return Bcrypt.hash(password, cost: 12)
  }
}

/// `exhibit users remove NAME`
struct UsersRemove: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Remove an account and end its sessions.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The account's name.")
  var name: String

  func run() throws {
    try reportingFailures {
      let store = try global.openForWriting()
      try store.removeAccount(
        name: name, actor: CommandActor.current())
      Console.out("removed \(name)")
    }
  }

  /// `users remove` on a catalogue on a database server.
  func runOnServer(_ opener: any CatalogueOpener) async throws {
    try await reportingFailures {
      try await opener.withCatalogue(url: global.databasePath) { catalogue in
        try await catalogue.removeAccount(name: name, actor: CommandActor.current(), at: Date())
      }
      Console.out("removed \(name)")
    }
  }
}

/// `exhibit users list`
struct UsersList: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List the accounts.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions

  func run() throws {
    try reportingFailures { try show(try global.openForReading().accounts()) }
  }

  /// `users list` of a catalogue on a database server.
  func runOnServer(_ opener: any CatalogueOpener) async throws {
    try await reportingFailures {
      try show(try await opener.withCatalogue(url: global.databasePath) { try await $0.accounts() })
    }
  }

  private func show(_ accounts: [Account]) throws {
    if output.json {
      try Console.json(accounts)
      return
    }
    Console.out(
      Table.render(
        header: ["NAME", "ROLE", "CREATED"],
        rows: accounts.map { [$0.name, $0.role.rawValue, $0.createdAt] }))
    if accounts.isEmpty { Console.out("no accounts; `exhibit users add NAME --role auditor` adds one") }
  }
}

extension AccountRole: WordChoice {}

/// Reads a password without echoing it on a terminal, or as the first line of piped stdin.
enum PasswordInput {
  /// Why no password was read.
  struct Missing: Error, CustomStringConvertible {
    let description: String
  }

  static func read(confirm: Bool) throws -> String {
    guard isatty(STDIN_FILENO) == 1 else {
      guard let line = readLine(strippingNewline: true), !line.isEmpty else {
        throw Missing(description: "no password on stdin: give it as the first line")
      }
      return line
    }
    let first = prompt("Password: ")
    if confirm, prompt("Again: ") != first {
      throw Missing(description: "the two passwords differ; nothing was added")
    }
    return first
  }

  private static func prompt(_ text: String) -> String {
    guard let entered = getpass(text) else { return "" }
    return String(cString: entered)
  }
}
