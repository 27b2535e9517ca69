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
}
