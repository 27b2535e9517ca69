import ExhibitModel
import Foundation

/// The fields of an `application/x-www-form-urlencoded` body.
struct FormFields: Sendable, Equatable {
  private var values: [String: [String]] = [:]

  init() {}

  /// Parses a form body; `+` is a space and `%XX` a byte, as HTML forms send them.
  init(body: String) {
    for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.decode(parts[0])
      let value = parts.count > 1 ? Self.decode(parts[1]) : ""
      values[name, default: []].append(value)
    }
  }

  /// The names of the fields sent.
  var names: Set<String> { Set(values.keys) }

  /// The first value of a field, or nil.
  subscript(_ name: String) -> String? { values[name]?.first }

  /// Every non-empty value of a field (checkboxes of one name), in the order sent.
  func all(_ name: String) -> [String] {
    (values[name] ?? []).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
  }

  /// A field's value with surrounding spaces removed, nil when empty.
  func text(_ name: String) -> String? {
    guard let value = self[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
      return nil
    }
    return value
  }

  private static func decode(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}
