import Foundation

/// The helper side of ``ProbeBox``: says it is ready once its libraries are open, then reads a
/// path (its byte count on a line, then its bytes) from standard input, probes it in this
/// process, writes one JSON line, and waits for the next.
public enum ProbeHelper {
  /// One answer: the file's `info`, or why it was refused, or the `library` that cannot load.
  struct Answer: Codable {
    var info: MediaInfo?
    var frame: StillFrame?
    var heard: HeardTrack?
    var reason: String?
    var library: String?
  }

  /// The line a helper writes once it has opened its libraries, before any answer.
  static let readyLine = Array("ready".utf8)

  /// Serves until standard input ends.
  /// - Parameters:
  ///   - deadlineSeconds: How long one file may take.
  ///   - pid: This process's id, said with the ready line (`ready PID`) by a helper forked by
  ///     the resident helper, which the command did not start and must know to stop.
  /// - Returns: The exit status: 0 once standard input ends, 1 when an answer cannot be written.
  public static func run(deadlineSeconds: Double, announcing pid: pid_t? = nil) -> Int32 {
    // Opened before the first path arrives: the catalogue starts helpers ahead of their files,
    // and hashes files until one says it is ready.
    _ = try? LibAV.load()
    FileHandle.standardOutput.write(Data(readyLine + Array((pid.map { " \($0)" } ?? "").utf8) + [0x0A]))
    var probe = MediaProbe()
    probe.deadlineSeconds = deadlineSeconds
    let encoder = JSONEncoder()
    var pending: [UInt8] = []
    // read(2) returns what the pipe holds; FileHandle's read(upToCount:) would wait for more.
    func fill() -> Bool {
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return false }
        pending += chunk[..<count]
        return true
      }
    }
    func readExactly(_ count: Int) -> [UInt8]? {
      while pending.count < count {
        guard fill() else { return nil }
      }
      let taken = Array(pending[..<count])
      pending.removeFirst(count)
      return taken
    }
    func readLine() -> String? {
      while true {
        if let newline = pending.firstIndex(of: 0x0A) {
          let line = String(decoding: pending[..<newline], as: UTF8.self)
          pending.removeFirst(newline + 1)
          return line
        }
        guard fill() else { return nil }
      }
    }
    while let header = readLine(), let request = Request(header), request.count >= 0,
      request.count <= 1 << 16,
      let pathBytes = readExactly(request.count)
    {
      let path = String(decoding: pathBytes, as: UTF8.self)
      var answer = Answer()
      do {
        if let limit = request.listenSeconds {
          let parts = path.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
          let phrases = parts.count == 2 ? parts[0].split(separator: "\n").map(String.init) : []
          let listener = RecordingListener(vocabulary: ListeningVocabulary(phrases: phrases))
          // The request carries the time the file may take, which the decoder's deadline keeps to.
          answer.heard = try listener.listen(to: String(parts.last ?? ""), deadlineSeconds: limit)
        } else if let seconds = request.frameSeconds {
          var decoder = FrameDecoder()
          decoder.deadlineSeconds = deadlineSeconds
          answer.frame = try decoder.frame(of: path, atSeconds: seconds, durationSeconds: request.duration)
        } else {
          answer.info = try probe.probe(path)
        }
      } catch let error as MediaLibraryError {
        answer.library = error.library
        answer.reason = error.reason
      } catch let error as ProbeError {
        answer.reason = error.reason
      } catch {
        answer.reason = "\(error)"
      }
      guard let line = line(answering: answer, encoder: encoder) else { return 1 }
      FileHandle.standardOutput.write(Data(line))
    }
    return 0
  }
}

extension ProbeHelper {
  /// `answer` as its line: a probe's, one a file, written out (``MediaInfo/appendJSON(to:)``),
  /// the rarer ones through `encoder`; nil when it cannot be encoded.
  static func line(answering answer: Answer, encoder: JSONEncoder) -> [UInt8]? {
    var line: [UInt8]
    if let info = answer.info {
      line = Array(#"{"info":"#.utf8)
      info.appendJSON(to: &line)
      line.append(UInt8(ascii: "}"))
    } else {
      guard let encoded = try? encoder.encode(answer) else { return nil }
      line = Array(encoded)
    }
    line.append(0x0A)
    return line
  }
}

extension ProbeHelper {
  /// A request's line: the path's byte count, after `F SECONDS DURATION` for a frame.
  struct Request {
    let count: Int
    let frameSeconds: Double?
    let duration: Double?
    /// For listening (`L SECONDS COUNT`): the seconds the file may take.
    var listenSeconds: Double? = nil

    init?(_ line: String) {
      let words = line.split(separator: " ")
      if words.count == 3, words[0] == "L", let seconds = Double(words[1]), let count = Int(words[2]) {
        listenSeconds = seconds
        frameSeconds = nil
        duration = nil
        self.count = count
      } else if words.count == 4, words[0] == "F", let seconds = Double(words[1]), let count = Int(words[3]) {
        frameSeconds = seconds
        duration = Double(words[2])
        self.count = count
      } else if words.count == 1, let count = Int(words[0]) {
        frameSeconds = nil
        duration = nil
        self.count = count
      } else {
        return nil
      }
    }
  }
}
