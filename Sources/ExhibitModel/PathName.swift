/// File paths read as Foundation's `URL(fileURLWithPath:)` reads them, with plain string work:
/// Foundation's path code builds a set the Swift runtime finds a conformance for by walking every
/// conformance record in the binary, a command's first call to it about 0.15 ms.
public enum PathName {
  /// `Media/native/checkbox/a.webm` → `a.webm`; trailing slashes are not a component (`a/b/` →
  /// `b`); the root is `/`.
  public static func last(_ path: String) -> String {
    var trimmed = path[...]
    while trimmed.count > 1, trimmed.last == "/" { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/"), trimmed.count > 1 else { return String(trimmed) }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// An absolute path with its `.` and `..` components taken out and its repeated and trailing
  /// slashes dropped, as `URL(fileURLWithPath:).standardizedFileURL.path` makes it (lexically:
  /// symbolic links are left as they are); `..` at the root stays at the root.
  public static func standardized(absolute path: String) -> String {
    var components: [Substring] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch component {
      case ".": continue
      case "..": _ = components.popLast()
      default: components.append(component)
      }
    }
    var standardized = ""
    for component in components {
      standardized += "/"
      standardized += String(component)
    }
    return standardized.isEmpty ? "/" : standardized
  }
}
