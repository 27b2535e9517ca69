import ExhibitModel
import Foundation
import Synchronization

/// Listens to many recordings at once, one per core: each in a helper of the probe box when one is
/// configured (``RecordingListener/boxedListen(to:durationSeconds:)``), their outcomes handed on as
/// each finishes, so a caller stores each at once and a run stopped midway keeps what it heard.
public enum ListeningRun {
  /// One recording's outcome: what was heard, or why nothing was.
  public struct Outcome: Sendable {
    public let recording: RecordingSummary
    public let result: Result<HeardTrack, ProbeError>
  }

  /// Listens to `recordings` on `workers` threads, the longest first (those of unknown length
  /// before them), so no thread is left with a long recording while the others have finished.
  ///
  /// - Parameters:
  ///   - recordings: The recordings to hear.
  ///   - vocabulary: The phrases listened for.
  ///   - localCopy: Where a recording's bytes are fetched from when its file is gone (a team's
  ///     evidence store).
  ///   - workers: How many recordings are heard at once (default: one per core).
  /// - Returns: The outcomes, as each recording finishes; the stream ends after the last.
  public static func run(
    _ recordings: [RecordingSummary], vocabulary: ListeningVocabulary,
    localCopy: RecordingFrame.LocalCopy? = nil,
    workers: Int = ProcessInfo.processInfo.activeProcessorCount
  ) -> AsyncStream<Outcome> {
    let (stream, continuation) = AsyncStream<Outcome>.makeStream()
    let recordings = longestFirst(recordings)
    let threads = max(1, min(workers, recordings.count))
    let next = Mutex(0)
    let running = Mutex(threads)
    let listener = RecordingListener(vocabulary: vocabulary)
    guard !recordings.isEmpty else {
      continuation.finish()
      return stream
    }
    for _ in 0..<threads {
      Thread.detachNewThread {
        while true {
          let index = next.withLock { index in
            defer { index += 1 }
            return index
          }
          guard index < recordings.count else { break }
          let recording = recordings[index]
          continuation.yield(Outcome(recording: recording, result: listen(recording, listener, localCopy)))
        }
        if running.withLock({ count in
          count -= 1
          return count == 0
        }) {
          continuation.finish()
        }
      }
    }
    return stream
  }

  /// `recordings` longest first, those of unknown length before them, the rest in their order.
  static func longestFirst(_ recordings: [RecordingSummary]) -> [RecordingSummary] {
    recordings.enumerated().sorted { a, b in
      let (x, y) = (a.element.durationSeconds ?? .infinity, b.element.durationSeconds ?? .infinity)
      return x != y ? x > y : a.offset < b.offset
    }.map(\.element)
  }

  /// Listens to one recording, from a local copy when its file is gone.
  private static func listen(
    _ recording: RecordingSummary, _ listener: RecordingListener, _ localCopy: RecordingFrame.LocalCopy?
  ) -> Result<HeardTrack, ProbeError> {
    do {
      let path = try recording.localPath(localCopy)
      defer { if path != recording.path { try? FileManager.default.removeItem(atPath: path) } }
      return .success(try listener.boxedListen(to: path, durationSeconds: recording.durationSeconds))
    } catch let error as ProbeError {
      return .failure(ProbeError(path: recording.path, reason: error.reason))
    } catch let error as MediaLibraryError {
      return .failure(ProbeError(path: recording.path, reason: error.listeningDescription))
    } catch {
      return .failure(ProbeError(path: recording.path, reason: "\(error)"))
    }
  }
}

extension MediaLibraryError {
  /// What a failed load means to listening, and what to install.
  public var listeningDescription: String {
    "cannot load \(library), which listening needs: \(reason); install it with "
      + "`apt-get install libpocketsphinx3 pocketsphinx-en-us libswresample4` (or run `make setup`)"
  }
}
