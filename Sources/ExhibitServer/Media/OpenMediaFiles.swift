import ExhibitKit
import Foundation
import NIOCore
import Synchronization

/// The descriptors of the recordings ``MediaFastPath`` served last, kept open between answers, so
/// that a player's next range costs one look at the file's status instead of opening it, looking
/// at it and closing it again (three system calls of the seven a range took).
///
/// The freshness rule is the one every answer keeps: before a descriptor is used again, the path
/// is looked at without following a symbolic link, and it must still be the regular file of the
/// size, modification time, inode and device catalogued, and the very file the descriptor was
/// opened on. A file changed in place, replaced, renamed away or deleted is not served from here:
/// its descriptor is dropped and the path opened again, as before the keeper, or the request left
/// to the route.
///
/// At most ``capacity`` descriptors are kept; the one used longest ago makes room for a new one. A
/// descriptor still sending an answer when it is dropped is closed once that answer is out
/// (``Lease/end()``). ``closeAll()`` closes them when the server stops. The keeper is shared by
/// the server's event loops, behind one lock held for a dictionary look-up.
final class OpenMediaFiles: Sendable {
  /// How many descriptors are kept at most.
  let capacity: Int
  private let state: Mutex<State>

  /// - Parameter capacity: How many descriptors to keep at most (at least one).
  init(capacity: Int = 32) {
    self.capacity = max(1, capacity)
    state = Mutex(State())
  }

  deinit { closeAll() }

  /// One open file: its descriptor, what it was opened on, and how many answers send from it.
  final class Kept: Sendable {
    let descriptor: CInt
    let inode: UInt64
    let device: UInt64
    private let counts = Mutex((answersInFlight: 0, dropped: false, closed: false))

    fileprivate init(descriptor: CInt, status: stat) {
      self.descriptor = descriptor
      inode = UInt64(status.st_ino)
      device = UInt64(status.st_dev)
    }

    /// Whether the descriptor is still open.
    var isOpen: Bool { counts.withLock { !$0.closed } }

    /// Whether `status` is this descriptor's file.
    fileprivate func isFile(of status: stat) -> Bool {
      UInt64(status.st_ino) == inode && UInt64(status.st_dev) == device
    }

    fileprivate func startAnswer() {
      counts.withLock { $0.answersInFlight += 1 }
    }

    /// One answer from this descriptor is out; the last one closes a dropped descriptor.
    fileprivate func endAnswer() {
      closeIf { $0.answersInFlight -= 1 }
    }

    /// No longer kept: closed now, or once its last answer is out.
    fileprivate func drop() {
      closeIf { $0.dropped = true }
    }

    private func closeIf(_ change: (inout (answersInFlight: Int, dropped: Bool, closed: Bool)) -> Void) {
      let close = counts.withLock {
        change(&$0)
        guard $0.dropped, $0.answersInFlight == 0, !$0.closed else { return false }
        $0.closed = true
        return true
      }
      if close { Foundation.close(descriptor) }
    }
  }

  /// A descriptor lent to one answer; the answer's writer calls ``end()`` once it is out.
  ///
  /// Each answer has a `NIOFileHandle` of its own on the kept descriptor: NIO lets one handle be
  /// used by one caller at a time (a second, on another event loop, is refused with `EBUSY`), and
  /// answers from several event loops send from one descriptor at once, which `sendfile` allows.
  struct Lease: Sendable {
    /// The open file the answer is read from.
    let file: NIOFileHandle
    /// The descriptor kept for the file.
    let kept: Kept

    fileprivate init(_ kept: Kept) {
      self.kept = kept
      file = NIOFileHandle(_deprecatedTakingOwnershipOfDescriptor: kept.descriptor)
    }

    /// The answer is out (or failed): the descriptor goes back to the keeper, or is closed if
    /// it was dropped meanwhile.
    func end() {
      _ = try? file.takeDescriptorOwnership()
      kept.endAnswer()
    }
  }

  private struct State: ~Copyable {
    var files: [String: Entry] = [:]
    /// Answers lent so far: an entry's ``Entry/lastLent`` counts in them.
    var lends: UInt64 = 0
    var closed = false
  }

  /// A kept descriptor, and when it was last lent: the one lent longest ago makes room.
  private struct Entry {
    let kept: Kept
    var lastLent: UInt64
  }

  /// How many descriptors are kept now.
  var count: Int { state.withLock { $0.files.count } }

  /// The catalogued file `media` opened (or kept open) and lent to one answer, if its path is
  /// still the file catalogued; nil when it is not, or cannot be opened.
  func lend(_ media: MediaFile) -> Lease? {
    var status = stat()
    guard lstat(media.path, &status) == 0, media.isUnchanged(status) else {
      forget(media.path)
      return nil
    }
    let found: Kept? = state.withLock { state in
      guard let index = state.files.index(forKey: media.path) else { return nil }
      let kept = state.files.values[index].kept
      guard kept.isFile(of: status) else { return nil }
      state.lends += 1
      state.files.values[index].lastLent = state.lends
      kept.startAnswer()
      return kept
    }
    if let found { return Lease(found) }
    return openAndKeep(media)
  }

  /// Opens `media` anew (checked on the descriptor, as ``MediaFastPath`` always did) and keeps it,
  /// in place of a descriptor of another file at its path.
  private func openAndKeep(_ media: MediaFile) -> Lease? {
    guard let (descriptor, status) = media.openWithoutFollowingLinks() else {
      forget(media.path)
      return nil
    }
    guard media.isUnchanged(status) else {
      Foundation.close(descriptor)
      forget(media.path)
      return nil
    }
    let kept = Kept(descriptor: descriptor, status: status)
    kept.startAnswer()
    let dropped: [Kept] = state.withLock { state in
      guard !state.closed else { return [kept] }
      var dropped: [Kept] = []
      if let earlier = state.files.removeValue(forKey: media.path) { dropped.append(earlier.kept) }
      if state.files.count >= capacity,
        let oldest = state.files.min(by: { $0.value.lastLent < $1.value.lastLent })?.key,
        let evicted = state.files.removeValue(forKey: oldest)
      {
        dropped.append(evicted.kept)
      }
      state.lends += 1
      state.files[media.path] = Entry(kept: kept, lastLent: state.lends)
      return dropped
    }
    for old in dropped { old.drop() }
    return Lease(kept)
  }

  /// Drops the descriptor kept for `path`, if any.
  private func forget(_ path: String) {
    let dropped: Kept? = state.withLock { $0.files.removeValue(forKey: path)?.kept }
    dropped?.drop()
  }

  /// Closes every descriptor (those still sending once their answers are out) and keeps none
  /// from now on: the server is stopping.
  func closeAll() {
    let dropped: [Kept] = state.withLock { state in
      state.closed = true
      let all = state.files.values.map(\.kept)
      state.files = [:]
      return all
    }
    for kept in dropped { kept.drop() }
  }
}
