import ExhibitKit
import Foundation
import Synchronization

/// Listening in the web workspace: after a catalogue from the web, every recording with sound not
/// heard yet with the workspace's vocabulary is heard in the background (``ListeningRun``, in the
/// probe box's helpers), each stored as it finishes, while the page that asked for the catalogue
/// is answered at once. One run at a time; a catalogue during a run has it look again when it ends.
final class BackgroundListening: Sendable {
  /// Where listening stands, as `GET /api/listening` gives it.
  struct Status: Sendable, Encodable {
    /// Whether a run is going on.
    var running = false
    /// Recordings heard by the runs so far.
    var heard = 0
    /// Recordings that could not be heard, with why (the newest last, at most 20).
    var failed: [String] = []
  }

  private struct State {
    var status = Status()
    var again = false
  }

  private let state = Mutex(State())
  private let stores: CataloguePool
  private let storage: (any EvidenceStorage)?

  init(stores: CataloguePool, storage: (any EvidenceStorage)?) {
    self.stores = stores
    self.storage = storage
  }

  /// Where listening stands.
  var status: Status { state.withLock { $0.status } }

  /// Hears what is not heard yet, in the background; returns at once.
  func start() {
    let starts = state.withLock { state -> Bool in
      if state.status.running {
        state.again = true
        return false
      }
      state.status.running = true
      return true
    }
    guard starts else { return }
    Task.detached { [self] in
      repeat {
        await listenOnce()
      } while state.withLock { state -> Bool in
        let again = state.again
        state.again = false
        if !again { state.status.running = false }
        return again
      }
    }
  }

  /// One pass over the recordings not heard yet with the workspace's vocabulary.
  private func listenOnce() async {
    do {
      let (targets, vocabulary) = try await stores.read { store in
        let vocabulary = try await store.listeningVocabulary()
        let recordings = try await store.recordings(
          component: nil, platform: nil, status: nil, unattributed: false)
        return (vocabulary.recordingsToHear(recordings, heard: try await store.heardRecordings()), vocabulary)
      }
      guard !targets.isEmpty else { return }
      let fetched = try storage.map { try FetchedEvidence(from: $0, in: NSTemporaryDirectory()) }
      defer { fetched?.remove() }
      var localCopy: RecordingFrame.LocalCopy?
      if let fetched { localCopy = { try fetched.copy($0, $1, size: $2) } }
      for await outcome in ListeningRun.run(targets, vocabulary: vocabulary, localCopy: localCopy) {
        switch outcome.result {
        case .success(let track):
          let id = outcome.recording.id
          try await stores.write { try await $0.storeHeard(track, recording: id) }
          state.withLock { $0.status.heard += 1 }
        case .failure(let error):
          note(error.description)
        }
      }
    } catch {
      note("listening stopped: \(error)")
    }
  }

  private func note(_ failure: String) {
    state.withLock { state in
      state.status.failed.append(failure)
      if state.status.failed.count > 20 { state.status.failed.removeFirst() }
    }
  }
}
