import ArgumentParser
import ExhibitKit

/// A command with one body for every catalogue: `Exhibit.main` hands it the opener of the
/// catalogue its database names (a SQLite workspace's file, or a database server), and the body
/// asks that opener for what it needs.
protocol CatalogueCommandBody: ParsableCommand, Sendable {
  /// The command's database options.
  var global: GlobalOptions { get }

  /// Whether the command writes: a SQLite workspace is opened for writing (and made when
  /// missing), else for reading (a missing one is an error).
  var writes: Bool { get }

  /// The command's work, on the catalogue `opener` opens.
  /// - Throws: What the catalogue throws, reported by ``run(with:)``.
  func body(with opener: any CatalogueOpener) async throws
}

extension CatalogueCommandBody {
  /// Runs the body, reporting what it throws as every command does.
  func run(with opener: any CatalogueOpener) async throws {
    try await reportingFailures { try await body(with: opener) }
  }

  /// Not called: `Exhibit.main` runs these commands asynchronously.
  func run() throws {
    throw ValidationError("\(Self.configuration.commandName ?? "this command") runs through Exhibit.main")
  }
}

/// A command written against the catalogue's seam (``CatalogueStorage``) alone: its body opens
/// the catalogue and runs ``run(on:)`` on it.
protocol CatalogueStorageCommand: CatalogueCommandBody {
  /// The command's work, on whichever catalogue.
  /// - Throws: What the catalogue throws.
  func run(on catalogue: any CatalogueStorage) async throws
}

extension CatalogueStorageCommand {
  /// Opens the catalogue and runs the command on it.
  func body(with opener: any CatalogueOpener) async throws {
    let command = self
    try await opener.withCatalogue(url: global.databasePath) { try await command.run(on: $0) }
  }
}
