import Foundation

/// The AWS shared credentials file's INI form: `[profile]` sections of `name = value` lines.
enum SharedCredentialsFile {
  /// The lower-cased names and values of one profile's section; empty when it has none.
  static func values(of profile: String, in text: String) -> [String: String] {
    var values: [String: String] = [:]
    var inProfile = false
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasPrefix("[") && line.hasSuffix("]") {
        inProfile = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces) == profile
        continue
      }
      guard inProfile, let equals = line.firstIndex(of: "=") else { continue }
      let name = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
      values[name] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
    }
    return values
  }
}
