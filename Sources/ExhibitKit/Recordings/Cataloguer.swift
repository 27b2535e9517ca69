import ExhibitStorage
import Foundation

/// Catalogues recordings: decides what must be read, probes and hashes in parallel, and
/// stores the results through one writer in batched transactions, on a thread of its own while
/// the next files are read (``CatalogueBatches``).
///
/// A file whose size, modification time, inode and device match what is stored is skipped
/// without being opened, so a re-scan of an unchanged folder costs one `lstat` per file.
public final class Cataloguer {
  private let writer: CatalogueWriter
  private let actor: String
  /// How many files are probed and hashed at once (default: the number of cores; one fewer while
  /// libavformat is being opened).
  public var width = ProcessInfo.processInfo.activeProcessorCount
  /// How many files one write transaction stores at most. Fewer are handed over whenever the
  /// writer is idle, so it keeps pace with the reading.
  public var batchSize = 64
  /// The workspace's evidence store, when it has one: every recording and caption file read is
  /// stored there before it is catalogued, and any present one it lacks afterwards.
  public var storage: (any EvidenceStorage)?
  var examiner = RecordingExaminer()

  /// - Parameters:
  ///   - writer: The catalogue to write to; ``init(store:actor:)`` gives the workspace's.
  ///   - actor: Who catalogues, for the audit trail.
  init(writer: CatalogueWriter, actor: String) {
    self.writer = writer
    self.actor = actor
  }

  /// A cataloguer writing through `sql`: a workspace's SQLite connection or a server's.
  /// - Parameters:
  ///   - sql: The catalogue's database.
  ///   - actor: Who catalogues, for the audit trail.
  package convenience init(sql: any CatalogueSQL, actor: String) {
    self.init(writer: CatalogueWriter(connection: sql), actor: actor)
  }

  /// Runs a catalogue with the settings a command gives (``RecordingStorage``).
  /// - Returns: What the run did.
  /// - Throws: What ``run(_:progress:)`` throws.
  package func run(
    _ scope: CatalogueScope, batchSize: Int, storage: (any EvidenceStorage)?,
    progress: (@Sendable (Int, Int) -> Void)?
  ) async throws -> CatalogueSummary {
    self.batchSize = batchSize
    self.storage = storage
    return try await run(scope, progress: progress)
  }

  /// Starts opening libavformat at once, for a run known to read files before its store is
  /// open: into a database that does not exist yet, every recording is read, and its schema is
  /// created while the libraries open instead of before.
  public static func openMediaLibrariesEarly() { LibAV.loadInBackground() }

  // Long: the task group's state (files hashed before libavformat opened, tasks running, results pending) is shared by the closures that keep the group full.
  /// Catalogues the recordings a scope holds.
  ///
  /// - Parameters:
  ///   - scope: The files to look at.
  ///   - progress: Called on the writer with (files done, files to read).
  /// - Returns: What was added, skipped, moved, copied, missing or failed.
  /// - Throws: The engine's error when the database cannot be written (batches already committed
  ///   stay), or ``MediaLibraryError`` when files must be read and libavformat cannot be loaded.
  public func run(_ scope: CatalogueScope, progress: ((Int, Int) -> Void)? = nil) async throws
    -> CatalogueSummary
  {
    // Files hashed while the database was made: taken as they are, no more begun.
    let ahead = HashesAhead.takeStarted()
    ahead?.stop()
    let state = try writer.catalogueState()
    let attributor = try writer.recordingAttributor()
    let planned = Self.plan(scope, state: state)
    var summary = planned.summary
    var present = planned.present
    let (requests, captionsPresent) = (planned.requests, planned.captionsPresent)
    summary.read = requests.filter(\.readsMedia).count
    // libavformat is opened only now, when some file must be read, while the first files are
    // hashed; a missing one stops the run with one error naming it, before anything is stored.
    // With probe helpers, they open libavformat, each once, while this process hashes.
    let box = ProbeBox.shared
    // As many helpers as the files to read pay for, at most one per core.
    let helpers =
      box?.helpers(forReading: summary.read, cores: width)
      ?? ProbeBox.helpers(forReading: summary.read, cores: width)
    if summary.read > 0 {
      if let box { box.prestart(helpers) } else { LibAV.loadInBackground() }
    }
    /// Whether probes may start: once a helper that has opened libavformat is free, else (no
    /// helpers) once it is open here. Until then files are hashed ahead.
    func librariesSettled() -> Bool { box?.hasReadyHelper ?? LibAV.isSettled }
    /// Fails when libavformat cannot be opened here (helpers report it for their files).
    func requireLibraries() throws { if box == nil { _ = try LibAV.load() } }
    let batches = CatalogueBatches(
      writer: writer, attributor: attributor, actor: actor, tally: .init(summary: summary, present: present))
    var pending: [Examination] = []
    var done = 0
    var examining = self.examiner
    examining.probeHelpers = helpers
    let examiner = examining
    let storage = self.storage
    var stored: [StoredObjectLedger.Object] = []
    var unstored: [(problem: CatalogueProblem, video: String)] = []
    let reads = summary.read
    do {
      try await withThrowingTaskGroup(of: (probed: Bool, step: ExaminationStep).self) { group in
        var next = requests.makeIterator()
        // Files hashed and not probed yet: hashed while libavformat was still opening, or
        // waiting for a helper.
        var hashed: [(ExaminationRequest, FileDigest)] = []
        var requestsLeft = requests.count
        // Tasks hashing or reading on the pool's threads, and probes waiting on a helper.
        var reading = 0
        var probing = 0
        // A probe waits on a helper (off the pool), or is libavformat's work here.
        let probeWidth = box == nil ? self.width : helpers
        /// Starts a probe of a hashed file once the libraries are open (or once every file is
        /// hashed: it then waits for them). False when there is none to start.
        func addProbe() -> Bool {
          guard !hashed.isEmpty, librariesSettled() || requestsLeft == 0 else { return false }
          let (request, digest) = hashed.removeFirst()
          group.addTask {
            let media = try await Self.awaitingHelper { () throws(MediaLibraryError) in
              try examiner.probeMedia(request.video.path, digest: digest)
            }
            return (true, await Self.storing(try examiner.examine(request, media: media), in: storage))
          }
          return true
        }
        /// Starts the next file: hashed, to be probed by a later task; read whole when its
        /// recording is not read (changed captions). False when none is left.
        func addRead() -> Bool {
          guard let request = next.next() else { return false }
          requestsLeft -= 1
          group.addTask {
            guard request.readsMedia else {
              return (false, await Self.storing(try examiner.examine(request), in: storage))
            }
            switch ahead?.take(request.video.path) ?? examiner.hashMedia(request.video.path) {
            case .hashed(let digest): return (false, .hashed(request, digest))
            case .finished(let reading):
              return (false, await Self.storing(try examiner.examine(request, media: reading), in: storage))
            }
          }
          return true
        }
        /// Keeps the probes going and `width` files being read, one fewer while libavformat
        /// opens: opening it is the one thing no probe can start before, so it gets a core of
        /// its own.
        func fill() {
          while probing < probeWidth, addProbe() { probing += 1 }
          let width = max(1, reads == 0 || librariesSettled() ? self.width : self.width - 1)
          while reading < width, addRead() { reading += 1 }
        }
        fill()
        while let (probed, step) = try await group.next() {
          if probed { probing -= 1 } else { reading -= 1 }
          switch step {
          case .hashed(let request, let digest):
            hashed.append((request, digest))
          case .unstored(let problem, let video):
            unstored.append((problem, video))
            done += 1
            progress?(done, requests.count)
          case .examined(let examination):
            pending.append(examination)
            stored += examination.stored
            done += 1
            // An idle writer is handed what there is, once nothing would wait for libavformat.
            if pending.count >= batchSize || (batches.isIdle && (reads == 0 || librariesSettled())) {
              // Files that could not be hashed may arrive before the libraries are open: nothing
              // is stored until it is known that they could be.
              if reads > 0 { try requireLibraries() }
              try batches.submit(pending)
              pending.removeAll(keepingCapacity: true)
            }
            progress?(done, requests.count)
          }
          fill()
        }
      }
    } catch {
      // A batch being written ends before the connection is anyone else's again.
      _ = try? batches.finish()
      throw error
    }
    if reads > 0 { try requireLibraries() }
    var tally = try batches.finish()
    try CatalogueBatches.write(pending, writer: writer, attributor: attributor, actor: actor, into: &tally)
    summary = tally.summary
    present = tally.present
    // A file the store did not take is not catalogued, nor is its earlier state marked gone.
    for (problem, video) in unstored {
      summary.failed += 1
      summary.errors.append(problem)
      present.insert(PathKey(video))
    }
    let now = Timestamp.string(Date())
    try writer.connection.transaction {
      summary.missing = try writer.markVanished(
        folders: scope.folders, files: scope.files, present: present, captionsPresent: captionsPresent,
        actor: actor, now: now)
      try writer.refreshAttribution(paths: summary.moved.map(\.path), actor: actor)
    }
    if let storage {
      summary.storage = try await storeTheRest(
        in: storage, storedNow: stored, present: present, problems: &summary.errors)
    }
    summary.errors.sort { $0.path < $1.path }
    summary.warnings.sort { ($0.path, $0.message) < ($1.path, $1.message) }
    return summary
  }

  /// What a run must read: every file not stored as it is now (a changed caption alone needs no
  /// probe), with the summary of what needs nothing (unchanged, stored as unreadable) and the
  /// paths found present.
  private static func plan(_ scope: CatalogueScope, state: CatalogueState) -> (
    summary: CatalogueSummary, requests: [ExaminationRequest], present: Set<PathKey>,
    captionsPresent: Set<PathKey>
  ) {
    var summary = CatalogueSummary()
    summary.scanned = scope.videos.count
    summary.errors = scope.problems
    // A path that cannot be searched (missing, too long, unreadable) is a failure like a file's.
    summary.failed += scope.problems.count
    summary.orphanCaptions = scope.orphanCaptions
    summary.warnings += scope.skippedLinks.map {
      CatalogueProblem(
        path: $0, message: "a symbolic link, not followed: catalogue what it points to by its own path")
    }
    var requests: [ExaminationRequest] = []
    var present = Set<PathKey>()
    var captionsPresent = Set<PathKey>()
    for video in scope.videos {
      captionsPresent.formUnion(video.captions.map { PathKey($0.path) })
      let status = FileStatus.of(video.path)
      guard let status, let stored = state.paths[PathKey(video.path)], stored.matches(status) else {
        requests.append(ExaminationRequest(video: video, readsMedia: true, captions: video.captions))
        continue
      }
      present.insert(PathKey(video.path))
      let changedCaptions = video.captions.filter { caption in
        guard let track = state.captions[PathKey(caption.path)], track.recordingID == stored.recordingID,
          let file = FileStatus.of(caption.path)
        else { return true }
        return file.size != track.size || file.modifiedNanoseconds != track.modifiedNanoseconds
      }
      // A sidecar that is gone needs no reading: its track is dropped with the vanished files.
      if !changedCaptions.isEmpty {
        requests.append(ExaminationRequest(video: video, readsMedia: false, captions: changedCaptions))
      } else if stored.status == .error {
        summary.failed += 1
        summary.errors.append(
          CatalogueProblem(path: video.path, message: stored.error ?? "could not be read"))
      } else {
        summary.unchanged += 1
      }
    }
    return (summary, requests, present, captionsPresent)
  }

  /// What one task of a run gave: a whole examination, or a hash made while libavformat was
  /// still opening, whose probe is a later task.
  private enum ExaminationStep: Sendable {
    case examined(Examination)
    case hashed(ExaminationRequest, FileDigest)
    /// A recording read whose bytes, or a caption's, the evidence store did not take.
    case unstored(CatalogueProblem, video: String)
  }

  /// Runs `probe`, which waits for a probe helper's answer, on a thread of its own: on one of
  /// the pool's, the core would sit idle meanwhile instead of hashing the next file.
  private static func awaitingHelper(
    _ probe: @escaping @Sendable () throws(MediaLibraryError) -> MediaReading
  ) async throws(MediaLibraryError) -> MediaReading {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<MediaReading, MediaLibraryError>, Never>) in
      helperWaits.async {
        continuation.resume(returning: Result { () throws(MediaLibraryError) in try probe() })
      }
    }
    return try result.get()
  }

  /// Where probes wait for their helpers: threads outside Swift's pool, one a probe.
  private static let helperWaits = DispatchQueue(
    label: "exhibit.catalogue.probe-waits", attributes: .concurrent)

  /// Gives the evidence store what an examination read (the recording, its readable captions)
  /// before it is catalogued: a file the store does not take is reported instead of catalogued.
  private static func storing(_ examination: Examination, in storage: (any EvidenceStorage)?) async
    -> ExaminationStep
  {
    guard let storage else { return .examined(examination) }
    var examination = examination
    let video = examination.request.video.path
    var objects: [StoredObjectLedger.Object] = []
    if case .read(let digest, _) = examination.media {
      objects.append(.init(sha256: digest.sha256, kind: .recording, size: digest.status.size, path: video))
    }
    for caption in examination.captions {
      guard case .success = caption.result else { continue }
      objects.append(
        .init(sha256: caption.sha256, kind: .caption, size: caption.status.size, path: caption.caption.path))
    }
    for object in objects {
      do {
        try await storage.store(fileAt: object.path, sha256: object.sha256, kind: object.kind)
      } catch {
        return .unstored(Self.notStored(object.path, in: storage, error), video: video)
      }
    }
    examination.stored = objects
    return .examined(examination)
  }

  /// Records what the store took during the run, then gives it every present recording and
  /// caption file of the run's paths it still lacks (catalogued before the store was set, or
  /// unchanged since), each recorded once it is held.
  private func storeTheRest(
    in storage: any EvidenceStorage, storedNow: [StoredObjectLedger.Object], present: Set<PathKey>,
    problems: inout [CatalogueProblem]
  ) async throws -> CatalogueSummary.StorageReport {
    let ledger = StoredObjectLedger(connection: writer.connection)
    try ledger.record(storedNow, location: storage.location)
    var report = CatalogueSummary.StorageReport(
      location: storage.location, stored: Set(storedNow.map(\.sha256)).count)
    let rest = try await ledger.storeMissing(in: storage, among: present, batchSize: batchSize)
    report.stored += rest.stored
    problems += rest.problems
    return report
  }

  private static func notStored(_ path: String, in storage: any EvidenceStorage, _ error: any Error)
    -> CatalogueProblem
  {
    CatalogueProblem(path: path, message: "not stored in \(storage.location), so not catalogued: \(error)")
  }
}
