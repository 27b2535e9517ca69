import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit catalog [PATH...]`
struct CatalogueCommand: CatalogueCommandBody {
  static let configuration = CommandConfiguration(
    commandName: "catalog",
    abstract: "Catalogue recordings: probe, hash, read captions and attribute them.",
    discussion: """
      Folders are searched for .webm, .mkv, .mp4, .m4v and .mov files and their WebVTT sidecars \
      (name.vtt, name-LANG.vtt, name.LANG.vtt). Files unchanged since the last run (same size, \
      modification time and inode) are not read again; a moved file is recognised by its hash; \
      catalogued files that are gone are marked missing, never deleted. With an evidence store \
      (--media s3://bucket/prefix), each recording and caption file is uploaded and checked \
      before it is catalogued, and any present one the store lacks is uploaded too. \
      `exhibit catalogue` is the same command.
      """,
    aliases: ["catalogue"])

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var media: MediaOptions

  @Argument(help: "Recordings, or folders to search (default: Media/).")
  var paths: [String] = []

  @Option(
    name: .customLong("batch-size"),
    help: "Recordings stored per write transaction; what a crash can cost is one batch (default: 64).")
  var batchSize: Int = 64

  @Flag(help: "Warn again about every caption file without a recording, not only new ones.")
  var verbose = false

  func validate() throws {
    guard batchSize >= 1 else { throw ValidationError("--batch-size must be at least 1") }
  }

  var writes: Bool { true }

  /// Catalogues into the catalogue the database names: the files are read here, and what is
  /// found is written to the workspace file or the server's database.
  func body(with opener: any CatalogueOpener) async throws {
    try await media.withStorage { storage in
      let scope = CatalogueScope(paths: paths.isEmpty ? ["Media"] : paths)
      // libavformat runs in helper processes the probe deadline can stop for good.
      ProbeDeadline.boxProbes()
      if !scope.videos.isEmpty, !opener.hasCatalogue(url: global.databasePath) {
        // Every file will be read: a helper starts now, while the database is made (the
        // catalogue starts more when the files to read pay for them), and every core hashes the
        // first files meanwhile (making the schema waits on the disk as much as it computes).
        ProbeBox.shared?.prestart(1)
        HashesAhead.start(scope.videos.map(\.path), threads: ProcessInfo.processInfo.activeProcessorCount)
      }
      let (batchSize, actor) = (self.batchSize, CommandActor.current())
      let (summary, fresh) = try await opener.withCatalogue(url: global.databasePath) { catalogue in
        let summary = try await catalogue.catalogueRecordings(
          scope, actor: actor, batchSize: batchSize, storage: storage, progress: Self.progress)
        return (summary, try await catalogue.noteOrphanCaptions(summary.orphanCaptions))
      }
      Console.endProgress()
      try show(summary, freshOrphans: fresh)
    }
  }

  /// Shows how far a run is.
  @Sendable private static func progress(done: Int, total: Int) {
    Console.progress("catalogued \(done) of \(total)")
  }

  /// Reports what a run did, and fails when a file could not be catalogued.
  /// - Parameters:
  ///   - summary: What the run did.
  ///   - fresh: The caption files without a recording not reported before.
  /// - Throws: `ExitCode.failure` when a file could not be catalogued.
  private func show(_ summary: CatalogueSummary, freshOrphans fresh: [String]) throws {
    for problem in summary.errors { Console.error(problem.description) }
    for problem in summary.warnings { Console.warning(problem.description) }
    for duplicate in summary.duplicates {
      Console.warning("\(duplicate.path): the same bytes as \(duplicate.sameAs.joined(separator: ", "))")
    }
    // Each caption file without a video is warned about once; --verbose lists them all again.
    for orphan in verbose ? summary.orphanCaptions : fresh {
      Console.warning("\(orphan): caption file with no recording beside it")
    }
    let known = summary.orphanCaptions.count - fresh.count
    if !verbose, known > 0, !output.json {
      Console.out("\(known) caption files without a recording were reported before; --verbose lists them")
    }
    if output.json {
      try Console.json(summary)
    } else {
      for move in summary.moved {
        Console.out("moved     \(move.from.joined(separator: ", ")) -> \(move.path)")
      }
      for path in summary.missing { Console.out("missing   \(path)") }
      Console.out(
        "\(summary.scanned) scanned: \(summary.added) added, \(summary.updated) updated, "
          + "\(summary.unchanged) unchanged, \(summary.moved.count) moved, \(summary.missing.count) missing, "
          + "\(summary.failed) failed")
      if let stored = summary.storage {
        Console.out("\(stored.stored) files stored in \(stored.location)")
      }
    }
    if !summary.errors.isEmpty { throw ExitCode.failure }
  }
}
