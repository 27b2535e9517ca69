import Foundation

/// ffprobe's own reading of a file, to check our in-process probe against (installed by
/// `make test` with Debian's ffmpeg package).
struct FFprobe {
  let formatDuration: Double?
  let streams: [[String: Any]]
  let tags: [String: String]
  /// The end of the last packet, in seconds, from a full packet read.
  let lastPacketEnd: Double?

  init(_ path: String, packets: Bool = false) throws {
    var arguments = ["-v", "error", "-of", "json", "-show_format", "-show_streams"]
    if packets { arguments += ["-show_entries", "packet=pts_time,duration_time"] }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ffprobe"] + arguments + [path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    let format = json["format"] as? [String: Any] ?? [:]
    formatDuration = (format["duration"] as? String).flatMap(Double.init)
    streams = json["streams"] as? [[String: Any]] ?? []
    tags = format["tags"] as? [String: String] ?? [:]
    let ends = (json["packets"] as? [[String: Any]] ?? []).compactMap { packet -> Double? in
      guard let pts = (packet["pts_time"] as? String).flatMap(Double.init) else { return nil }
      return pts + ((packet["duration_time"] as? String).flatMap(Double.init) ?? 0)
    }
    lastPacketEnd = ends.max()
  }
}
