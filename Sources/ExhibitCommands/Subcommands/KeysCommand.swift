import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit keys public | add | list | revoke`
struct KeysCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keys",
    abstract:
      "A team's signing keys: each auditor signs bags with their own; the catalogue keeps the public keys.",
    discussion: """
      `exhibit keys public` prints this folder's public key (made on first use, like a bundle's); \
      a teammate adds it to the shared catalogue with `exhibit keys add NAME FILE`. `verify` then \
      accepts a bag signed by any key registered, and not revoked, when the bag was made, and \
      names the signer. Each addition and revocation is in the audit trail.
      """,
    subcommands: [KeysPublic.self, KeysAdd.self, KeysList.self, KeysRevoke.self])
}

/// `exhibit keys public [--out FILE]`
struct KeysPublic: CatalogueCommandBody {
  static let configuration = CommandConfiguration(
    commandName: "public", abstract: "Print this folder's public signing key, for a teammate to add.")

  @OptionGroup var global: GlobalOptions
  @Option(help: "Write it to this file instead.")
  var out: String?

  var writes: Bool { false }

  func body(with opener: any CatalogueOpener) async throws {
    let path = opener.signingKeyPath(url: global.databasePath)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let key = try SigningKey.loadOrCreate(at: path)
    let line = key.publicKey.rawRepresentation.base64EncodedString()
    guard let out else {
      Console.out(line)
      return
    }
    try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
    Console.out("wrote \(out) (key \(BagSignature.fingerprint(of: key.publicKey.rawRepresentation)))")
  }
}

/// `exhibit keys add NAME PUBLIC_KEY_FILE`
struct KeysAdd: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Register a teammate's public signing key under their name.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "Whose key it is (a name never used before).")
  var name: String
  @Argument(help: "The file `exhibit keys public --out` wrote.")
  var file: String

  var writes: Bool { true }

  func run(on catalogue: any CatalogueStorage) async throws {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, !trimmed.contains(where: \.isNewline) else {
      throw ValidationError("name the key's owner")
    }
    let key = try await catalogue.addTeamKey(
      name: trimmed, publicKey: try TeamKey.publicKey(inFile: file), actor: CommandActor.current())
    Console.out("added \(key.name)'s key \(key.fingerprint)")
  }
}

/// `exhibit keys list [--json]`
struct KeysList: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "List the team's keys.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions

  var writes: Bool { false }

  func run(on catalogue: any CatalogueStorage) async throws {
    let keys = try await catalogue.teamKeys()
    if output.json { return try Console.json(keys) }
    if keys.isEmpty { return Console.out("no team keys: bags verify against this folder's key alone") }
    for key in keys {
      let state = key.revokedAt.map { "revoked \($0) by \(key.revokedBy ?? "")" } ?? "stands"
      Console.out("\(key.name)  \(key.fingerprint)  added \(key.addedAt) by \(key.addedBy)  \(state)")
    }
  }
}

/// `exhibit keys revoke NAME`
struct KeysRevoke: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "revoke",
    abstract: "Revoke a key: bags it signs from now on fail verify; earlier ones still verify.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "Whose key.")
  var name: String

  var writes: Bool { true }

  func run(on catalogue: any CatalogueStorage) async throws {
    let key = try await catalogue.revokeTeamKey(name: name, actor: CommandActor.current())
    Console.out("revoked \(key.name)'s key \(key.fingerprint)")
  }
}
