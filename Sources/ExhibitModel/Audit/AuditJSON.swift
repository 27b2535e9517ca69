import Foundation

/// Renders the small JSON objects audit events carry, with sorted keys so the text (and so the
/// chained hash) is the same on every machine.
public enum AuditJSON {
  /// A JSON object of string values with sorted keys.
  public static func object(_ fields: [String: String?]) -> String {
    if let text = JSONText.object(fields) { return text }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(fields)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// The string fields of an event's JSON object; none when it is absent or not an object.
  public static func fields(_ json: String?) -> [String: String] {
    guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    else { return [:] }
    return object.compactMapValues { $0 as? String }
  }
}
