import ExhibitKit
import Foundation

/// Every field of a recording as `recordings show` prints it.
enum RecordingText {
  /// Prints a recording as `recordings show` and `recordings set` do: its JSON, or its lines.
  /// - Throws: What encoding the JSON throws.
  static func print(_ detail: RecordingDetail, json: Bool) throws {
    if json {
      try Console.json(detail)
    } else {
      for line in lines(detail) { Console.out(line) }
    }
  }

  /// The closed audits that keep the attribution they were closed with, when there are any.
  static func closedAuditsNote(_ detail: RecordingDetail) -> [String] {
    guard let closed = detail.closedAudits else { return [] }
    return [
      "note: closed audits keep the attribution they were closed with: \(closed.joined(separator: ", "))"
    ]
  }

  static func lines(_ detail: RecordingDetail) -> [String] {
    let recording = detail.recording
    var lines = [recording.path, ""]
    func field(_ name: String, _ value: String?) {
      guard let value, !value.isEmpty else { return }
      lines.append(name.padding(toLength: 16, withPad: " ", startingAt: 0) + value)
    }
    func attributed(_ name: String, _ value: Attributed?) {
      field(
        name,
        value.map { "\($0.value)  (\($0.source == .hand ? "set by hand" : "from \($0.source.rawValue)"))" })
    }
    field("SHA-256", recording.sha256)
    field("Size", "\(recording.size) bytes")
    field("Status", recording.missing ? "\(recording.status.rawValue), missing" : recording.status.rawValue)
    field("Error", recording.error)
    field("Container", recording.container)
    field("Duration", recording.durationSeconds.map { "\($0.decimalText(places: 3)) s" })
    field("Bit rate", detail.bitRate.map { "\($0) b/s" })
    attributed("Family", detail.attribution.family)
    attributed("Component", detail.attribution.component)
    attributed("Platform", detail.attribution.platform)
    attributed("Screen reader", detail.attribution.assistiveTech)
    attributed("Browser", detail.attribution.browser)
    attributed("OS version", detail.attribution.osVersion)
    attributed("Device", detail.attribution.device)
    lines += closedAuditsNote(detail)
    field("Catalogued", detail.cataloguedAt)
    lines.append("")
    lines.append("Paths")
    for path in detail.paths {
      lines.append("  \(path.path)" + (path.missingSince.map { "  (missing since \($0))" } ?? ""))
    }
    if !detail.streams.isEmpty {
      lines.append("")
      lines.append("Streams")
      for stream in detail.streams {
        var parts = ["#\(stream.index)", stream.kind, stream.codec]
        if let width = stream.width, let height = stream.height { parts.append("\(width)x\(height)") }
        if let rate = stream.frameRate { parts.append("\(Self.frameRate(rate)) fps") }
        if let rate = stream.sampleRate { parts.append("\(rate) Hz") }
        if let channels = stream.channels { parts.append("\(channels) ch") }
        if let language = stream.language { parts.append(language) }
        lines.append("  " + parts.joined(separator: "  "))
      }
    }
    if !detail.tags.isEmpty {
      lines.append("")
      lines.append("Tags")
      for (key, value) in detail.tags.sorted(by: { $0.key < $1.key }) { lines.append("  \(key)=\(value)") }
    }
    for track in detail.captions {
      lines.append("")
      lines.append("Captions \(track.language ?? "")  \(track.path)")
      for warning in track.warnings { lines.append("  warning: \(warning)") }
      for cue in track.cues {
        // A cue of several lines keeps its later lines under its first, not at the margin.
        lines.append(
          "  \(cue.startSeconds.decimalText(places: 3, width: 8))–\(cue.endSeconds.decimalText(places: 3, width: 8))  "
            + cue.text.split(separator: "\n", omittingEmptySubsequences: false).joined(
              separator: "\n" + String(repeating: " ", count: 21)))
      }
    }
    lines.append("")
    lines.append(detail.links.isEmpty ? "No evidence links." : "Evidence links")
    for link in detail.links {
      let segment =
        link.startSeconds.map {
          " \($0.decimalText(places: 3))–\((link.endSeconds ?? $0).decimalText(places: 3)) s"
        } ?? ""
      let state = link.retractedAt.map { "  (retracted \($0))" } ?? ""
      lines.append(
        "  #\(link.id) \(link.item)\(segment): \(link.verdict.rawValue) by \(link.auditor)\(state)"
          + (link.audit.map { " in audit \($0)" } ?? "")
          + (link.carriedFrom.map { ", carried from link \($0)" } ?? ""))
    }
    return lines
  }

  /// A frame rate stored as libavformat gives it (`36270000/1152787`) as a decimal: `31.463`,
  /// `30` for a whole number; the text as it is when it is not a ratio.
  static func frameRate(_ rate: String) -> String {
    let parts = rate.split(separator: "/")
    guard let numerator = Double(parts[0]) else { return rate }
    let denominator = parts.count == 2 ? Double(parts[1]) ?? 1 : 1
    guard denominator > 0 else { return rate }
    var text = (numerator / denominator).decimalText(places: 3)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
