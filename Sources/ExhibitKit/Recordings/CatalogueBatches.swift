import Dispatch
import Foundation
import Synchronization

/// Stores a catalogue run's examinations a batch per transaction, on a thread of its own, so
/// the files after a batch are probed and hashed while it is written.
///
/// Batches are written in the order they are handed over, and may be of any size: a run hands
/// over what it has whenever the writer is idle (``isIdle``), so the writer keeps pace with the
/// reading and the last transaction, which nothing overlaps, is small. At most ``depth`` wait at a time:
/// handing over one more blocks until the oldest is written, so a folder whose files are read
/// faster than they are stored does not pile up in memory. The first batch that fails stops the
/// rest; its error comes back from the next ``submit(_:)`` or from ``finish()``, and batches
/// committed before it stay.
final class CatalogueBatches: @unchecked Sendable {
  /// What the written batches added up to: counts, problems, and the paths seen present.
  struct Tally {
    var summary: CatalogueSummary
    var present: Set<PathKey>
  }

  /// Batches that may wait to be written while the next ones are read.
  static let depth = 2

  private let writer: CatalogueWriter
  private let attributor: RecordingAttributor
  private let actor: String
  private let queue = DispatchQueue(label: "exhibit.catalogue.writer")
  private let room = DispatchSemaphore(value: CatalogueBatches.depth)
  /// Batches handed over and not yet written.
  private let unwritten = Atomic<Int>(0)
  // Touched only on `queue`, or after `queue.sync` has waited for it.
  private var tally: Tally
  private var failure: (any Error)?

  /// - Parameters:
  ///   - writer: The store's catalogue writer; used only on this object's thread until
  ///     ``finish()`` returns.
  ///   - attributor: Infers components and platforms for new recordings.
  ///   - actor: Who catalogues, for the audit trail.
  ///   - tally: The counts and present paths so far (files skipped unread).
  init(writer: CatalogueWriter, attributor: RecordingAttributor, actor: String, tally: Tally) {
    self.writer = writer
    self.attributor = attributor
    self.actor = actor
    self.tally = tally
  }

  /// Whether every batch handed over is written, so one handed over now starts at once.
  var isIdle: Bool { unwritten.load(ordering: .acquiring) == 0 }

  /// Hands a batch over to be written, waiting while ``depth`` batches are waiting already.
  /// - Throws: The error an earlier batch failed with, if one did.
  func submit(_ batch: [Examination]) throws {
    room.wait()
    if let failure = queue.sync(execute: { self.failure }) {
      room.signal()
      throw failure
    }
    unwritten.add(1, ordering: .acquiringAndReleasing)
    queue.async {
      defer {
        self.unwritten.subtract(1, ordering: .acquiringAndReleasing)
        self.room.signal()
      }
      guard self.failure == nil else { return }
      do {
        try self.write(batch)
      } catch {
        self.failure = error
      }
    }
  }

  /// Waits until every batch handed over is written.
  /// - Returns: The tally of every batch, for the caller to go on with on its own thread.
  /// - Throws: The error the first failed batch threw.
  func finish() throws -> Tally {
    let (tally, failure) = queue.sync { (self.tally, self.failure) }
    if let failure { throw failure }
    return tally
  }

  /// Stores one batch in a write transaction (long captions' later chunks in their own).
  private func write(_ batch: [Examination]) throws {
    try Self.write(batch, writer: writer, attributor: attributor, actor: actor, into: &tally)
  }

  /// Stores one batch on the caller's thread.
  static func write(
    _ batch: [Examination], writer: CatalogueWriter, attributor: RecordingAttributor, actor: String,
    into tally: inout Tally
  ) throws {
    guard !batch.isEmpty else { return }
    let now = Timestamp.string(Date())
    for examination in batch {
      for caption in examination.captions { try writer.emptyLongCaptionTrack(path: caption.caption.path) }
    }
    var laterCues: [PendingCues] = []
    try writer.connection.transaction {
      for examination in batch.sorted(by: { $0.request.video.path < $1.request.video.path }) {
        let path = examination.request.video.path
        let outcome = try writer.store(
          examination, attributor: attributor, actor: actor, now: now, warnings: &tally.summary.warnings,
          errors: &tally.summary.errors, laterCues: &laterCues)
        switch outcome {
        case .added: tally.summary.added += 1
        case .unchanged:
          if examination.request.readsMedia {
            tally.summary.unchanged += 1
          } else {
            tally.summary.updated += 1
          }
        case .updated: tally.summary.updated += 1
        case .moved(let from): tally.summary.moved.append(.init(path: path, from: from))
        case .duplicate(let others):
          tally.summary.added += 1
          tally.summary.duplicates.append(.init(path: path, sameAs: others))
        case .failed: tally.summary.failed += 1
        case .notStored: tally.summary.failed += 1
        }
        if case .notStored = outcome { continue }
        tally.present.insert(PathKey(path))
      }
    }
    for pending in laterCues {
      var next: PendingCues? = pending
      while let current = next {
        usleep(CatalogueWriter.pauseBetweenChunks)
        next = try writer.storeNextCues(current)
      }
    }
  }
}
