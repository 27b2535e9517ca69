/// Paths inside a bag: names made safe for any file system, and the percent-encoding RFC 8493
/// requires in manifests.
public enum BagPath {
  /// A single path component built from a name that came from the database or a file name: only
  /// ASCII letters, digits and `.-_+` are kept (others become `_`), it never starts with a dot,
  /// is never empty, `.` or `..`, and is at most 120 characters long.
  /// The longest file name a bag gives a file, well inside every file system's limit.
  public static let maximumComponentLength = 120

  public static func safeComponent(_ name: String) -> String {
    var result = ""
    for scalar in name.unicodeScalars {
      let allowed =
        scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "._-+".unicodeScalars.contains(scalar))
      result.unicodeScalars.append(allowed ? scalar : "_")
    }
    while result.hasPrefix(".") { result.removeFirst() }
    if result.count > maximumComponentLength {
      let ext = result.split(separator: ".").last.map { "." + $0 } ?? ""
      result =
        String(result.prefix(maximumComponentLength - min(ext.count, 20))) + (ext.count <= 20 ? ext : "")
    }
    return result.isEmpty ? "file" : result
  }

  /// Encodes a payload path for a manifest line: `%` as `%25`, CR as `%0D`, LF as `%0A`.
  public static func percentEncoded(_ path: String) -> String {
    var result = ""
    for character in path.unicodeScalars {
      switch character {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// Decodes a manifest path: `%25`, `%0D` and `%0A` (either case) back to their characters.
  public static func percentDecoded(_ path: String) -> String {
    var result = ""
    var rest = Substring(path)
    while let index = rest.firstIndex(of: "%") {
      result += rest[..<index]
      let code = rest[index...].dropFirst().prefix(2).uppercased()
      switch code {
      case "25": result += "%"
      case "0D": result += "\r"
      case "0A": result += "\n"
      default:
        result += "%"
        rest = rest[rest.index(after: index)...]
        continue
      }
      rest = rest[rest.index(index, offsetBy: 3)...]
    }
    return result + rest
  }

  /// Why a relative path from a manifest or zip must not be used, or nil when it is safe: it
  /// must be relative, with no `.` or `..` components, no empty components and no backslashes
  /// or NUL characters.
  public static func unsafety(of path: String) -> String? {
    if path.isEmpty { return "empty path" }
    if path.hasPrefix("/") { return "absolute path" }
    if path.contains("\\") { return "backslash in path" }
    if path.unicodeScalars.contains("\0") { return "NUL in path" }
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    if components.contains("..") { return "path leaves the bag (..)" }
    if components.contains(".") || components.contains("") { return "path with empty or . component" }
    return nil
  }
}
