import Foundation

/// libpq's password file (`$PGPASSFILE`, else `~/.pgpass`): lines of
/// `host:port:database:user:password`, each field `*` for any, `\:` and `\\` escaped. As libpq
/// does, a file that others may read is not used.
struct PasswordFile {
  /// The file's entries, in order: the first that matches is used.
  private let entries: [[String]]

  /// Reads the file, or returns nil when there is none, it cannot be read, or others may read it.
  init?(environment: [String: String]) {
    let path =
      environment["PGPASSFILE"]
      ?? (environment["HOME"] ?? NSHomeDirectory()).appending("/.pgpass")
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 == 0,
      let text = try? String(contentsOfFile: path, encoding: .utf8)
    else { return nil }
    entries = text.split(whereSeparator: \.isNewline).compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let fields = Self.fields(of: Substring(line))
      return fields.count == 5 ? fields : nil
    }
  }

  /// The password of the first entry matching the connection, or nil.
  func password(host: String, port: Int, database: String, user: String) -> String? {
    let wanted = [host, String(port), database, user]
    return entries.first { entry in
      zip(entry.prefix(4), wanted).allSatisfy { field, value in field == "*" || field == value }
    }?[4]
  }

  /// A line split at its unescaped colons, with its escapes taken out.
  private static func fields(of line: Substring) -> [String] {
    var fields: [String] = []
    var field = ""
    var escaped = false
    for character in line {
      if escaped {
        field.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == ":", fields.count < 4 {
        fields.append(field)
        field = ""
      } else {
        field.append(character)
      }
    }
    fields.append(field)
    return fields
  }
}
