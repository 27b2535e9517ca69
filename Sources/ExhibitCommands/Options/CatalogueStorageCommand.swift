import ArgumentParser
import ExhibitKit

/// A command written once against the catalogue's seam (``CatalogueStorage``): the same code runs
/// on a SQLite workspace and on a catalogue on a database server. `Exhibit.main` runs it with
/// ``runOnWorkspace()`` or ``ServerCatalogueCommand/runOnServer(_:)``, never with `run()`.
protocol CatalogueStorageCommand: ParsableCommand, ServerCatalogueCommand, Sendable {
  /// Whether the command writes: a SQLite workspace is opened for writing (and made when
  /// missing), else for reading (a missing one is an error).
  var writes: Bool { get }

  /// The command's work, on either backend.
  /// - Throws: What the catalogue throws; `runOnWorkspace` and `runOnServer` report it.
  func run(on catalogue: any CatalogueStorage) async throws
}

extension CatalogueStorageCommand {
  /// Runs the command on the SQLite workspace the options name.
  func runOnWorkspace() async throws {
    try await reportingFailures {
      try await run(on: writes ? try global.openForWriting() : try global.openForReading())
    }
  }

  /// Runs the command on the catalogue on a database server the options name.
  func runOnServer(_ opener: any CatalogueOpener) async throws {
    let command = self
    try await reportingFailures {
      try await opener.withCatalogue(url: global.databasePath) { catalogue in
        try await command.run(on: catalogue)
      }
    }
  }

  /// Not called: `Exhibit.main` runs these commands asynchronously.
  func run() throws {
    throw ValidationError("\(Self.configuration.commandName ?? "this command") runs through Exhibit.main")
  }
}
