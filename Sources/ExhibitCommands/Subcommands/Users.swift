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
struct UsersAdd: CatalogueStorageCommand {
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

  var writes: Bool { true }

  /// Adds the account. The password is read once the command runs where it stays (in
  /// `exhibit-team` for a catalogue on a database server), not before `exhibit` hands it over.
  func run(on catalogue: any CatalogueStorage) async throws {
    guard Account.isValidName(name) else { throw AccountError.invalidName(name) }
    let account = try await catalogue.addAccount(
      name: name, role: role, passwordHash: try passwordHash(), actor: CommandActor.current(), at: Date())
    Console.out("added \(account.name) (\(account.role.rawValue))")
  }

  /// The password read, checked and hashed with bcrypt.
  private func passwordHash() throws -> String {
    let password = try PasswordInput.read(confirm: true)
    if let problem = AccountError.problem(withPassword: password) { throw problem }
    return Bcrypt.hash(password, cost: 12)
  }
}

/// `exhibit users remove NAME`
struct UsersRemove: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Remove an account and end its sessions.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The account's name.")
  var name: String

  var writes: Bool { true }

  func run(on catalogue: any CatalogueStorage) async throws {
    try await catalogue.removeAccount(name: name, actor: CommandActor.current(), at: Date())
    Console.out("removed \(name)")
  }
}

/// `exhibit users list`
struct UsersList: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List the accounts.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    try show(try await catalogue.accounts())
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
