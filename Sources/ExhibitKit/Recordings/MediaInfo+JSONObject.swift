import ExhibitModel
import Foundation

extension MediaInfo {
  /// Reads what a probe helper wrote (``Codable``'s keys and shapes) from `JSONSerialization`'s
  /// objects: a catalogue decodes one answer a file, and `JSONDecoder`'s keyed containers took
  /// four times as long (about 55 µs an answer, 4% of a catalogue's processor time). Nil when
  /// the object is not one (the caller then decodes it with `JSONDecoder`, which says why).
  init?(jsonObject object: [String: Any]) {
    guard let container = object["container"] as? String, let tags = object["tags"] as? [String: String],
      let streamObjects = object["streams"] as? [[String: Any]], let truncated = object["truncated"] as? Bool
    else { return nil }
    // A field of another type is not this object: JSONDecoder then names it.
    guard
      Self.optionals(
        object, int: ["durationMilliseconds", "bitRate"], string: ["durationSource", "truncationReason"])
    else { return nil }
    var streams: [Stream] = []
    for stream in streamObjects {
      guard let index = stream["index"] as? Int, let kind = stream["kind"] as? String,
        let codec = stream["codec"] as? String,
        Self.optionals(
          stream, int: ["width", "height", "sampleRate", "channels", "bitRate"],
          string: ["frameRate", "language"])
      else { return nil }
      streams.append(
        Stream(
          index: index, kind: kind, codec: codec, width: stream["width"] as? Int,
          height: stream["height"] as? Int, frameRate: stream["frameRate"] as? String,
          sampleRate: stream["sampleRate"] as? Int, channels: stream["channels"] as? Int,
          bitRate: stream["bitRate"] as? Int, language: stream["language"] as? String))
    }
    self.init(
      container: container, durationMilliseconds: object["durationMilliseconds"] as? Int,
      durationSource: object["durationSource"] as? String, bitRate: object["bitRate"] as? Int, tags: tags,
      streams: streams, truncated: truncated, truncationReason: object["truncationReason"] as? String)
  }

  /// Whether each of `int` and `string` in `object` is absent or of its type.
  private static func optionals(_ object: [String: Any], int: [String], string: [String]) -> Bool {
    int.allSatisfy { object[$0].map { $0 is Int } ?? true }
      && string.allSatisfy { object[$0].map { $0 is String } ?? true }
  }

  /// Appends this as JSON, as `JSONEncoder` writes it (nil fields left out), for a helper's
  /// answer: written out, in a third of `JSONEncoder`'s time.
  func appendJSON(to text: inout [UInt8]) {
    var fields = JSONFields(text: text)
    fields.add("container", string: container)
    fields.add("durationMilliseconds", int: durationMilliseconds)
    fields.add("durationSource", string: durationSource)
    fields.add("bitRate", int: bitRate)
    fields.add("tags") { text in
      text.append(UInt8(ascii: "{"))
      for (index, (key, value)) in tags.enumerated() {
        if index > 0 { text.append(UInt8(ascii: ",")) }
        JSONText.appendString(key, to: &text)
        text.append(UInt8(ascii: ":"))
        JSONText.appendString(value, to: &text)
      }
      text.append(UInt8(ascii: "}"))
    }
    fields.add("streams") { text in
      text.append(UInt8(ascii: "["))
      for (index, stream) in streams.enumerated() {
        if index > 0 { text.append(UInt8(ascii: ",")) }
        var members = JSONFields(text: text)
        members.add("index", int: stream.index)
        members.add("kind", string: stream.kind)
        members.add("codec", string: stream.codec)
        members.add("width", int: stream.width)
        members.add("height", int: stream.height)
        members.add("frameRate", string: stream.frameRate)
        members.add("sampleRate", int: stream.sampleRate)
        members.add("channels", int: stream.channels)
        members.add("bitRate", int: stream.bitRate)
        members.add("language", string: stream.language)
        text = members.closed()
      }
      text.append(UInt8(ascii: "]"))
    }
    fields.add("truncated") { $0 += Array((truncated ? "true" : "false").utf8) }
    fields.add("truncationReason", string: truncationReason)
    text = fields.closed()
  }
}

/// A JSON object being written: its members, a comma between each.
private struct JSONFields {
  private var text: [UInt8]
  private var first = true

  init(text: [UInt8]) {
    self.text = text
    self.text.append(UInt8(ascii: "{"))
  }

  mutating func add(_ key: String, value: (inout [UInt8]) -> Void) {
    if !first { text.append(UInt8(ascii: ",")) }
    first = false
    JSONText.appendString(key, to: &text)
    text.append(UInt8(ascii: ":"))
    value(&text)
  }

  mutating func add(_ key: String, string: String?) {
    guard let string else { return }
    add(key) { JSONText.appendString(string, to: &$0) }
  }

  mutating func add(_ key: String, int: Int?) {
    guard let int else { return }
    add(key) { $0 += Array(String(int).utf8) }
  }

  /// The text with the object closed.
  func closed() -> [UInt8] { text + [UInt8(ascii: "}")] }
}
