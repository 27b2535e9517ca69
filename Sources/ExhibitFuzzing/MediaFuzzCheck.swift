import ExhibitKit

/// The media probe: libavformat over a file holding any bytes gives container, duration and
/// streams, or a ``ProbeError`` naming the file, and gives up at its deadline.
enum MediaFuzzCheck {
  /// A probe with a short deadline, so a slow input shows as a refusal well inside libFuzzer's
  /// timeout rather than as a hang.
  static let probe: MediaProbe = {
    var probe = MediaProbe()
    probe.deadlineSeconds = 3
    return probe
  }()

  static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    let path = FuzzScratch.file("input.webm", bytes)
    let info: MediaInfo
    do {
      info = try probe.probe(path)
    } catch let error as ProbeError {
      guard error.path == path, !error.reason.isEmpty else {
        return .broken("error without file or reason: \(error)")
      }
      return .refused(error.reason)
    } catch {
      return .broken("unexpected error type \(type(of: error)): \(error)")
    }
    if let duration = info.durationMilliseconds,
      duration < 0 || Double(duration) > MediaProbe.latestMilliseconds
    {
      return .broken("duration \(duration) ms outside 0...\(MediaProbe.latestMilliseconds) ms")
    }
    guard info.streams.count <= Int(probe.maximumStreams) else {
      return .broken("\(info.streams.count) streams, above the cap of \(probe.maximumStreams)")
    }
    guard Set(info.streams.map(\.index)).count == info.streams.count else {
      return .broken("stream indexes repeat: \(info.streams.map(\.index))")
    }
    for stream in info.streams
    where (stream.width ?? 0) < 0 || (stream.height ?? 0) < 0 || stream.kind.isEmpty {
      return .broken(
        "stream \(stream.index) with kind \(stream.kind.debugDescription) and size \(stream.width ?? 0)x\(stream.height ?? 0)"
      )
    }
    return .accepted(
      "\(info.container), \(info.streams.count) streams, \(info.durationMilliseconds ?? -1) ms")
  }
}
