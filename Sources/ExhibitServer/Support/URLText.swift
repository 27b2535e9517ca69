import Foundation

/// Percent-encoding for the parts of the URLs pages link to, and the file names they show.
enum URLText {
  /// Characters a path segment or query value keeps as they are.
  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  /// A path segment or query value, percent-encoded.
  static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  /// `path?name=value&…` with each value encoded, skipping nil values; `&` after a query `path` has.
  static func with(_ path: String, query: [(String, String?)]) -> String {
    let pairs = query.compactMap { name, value in value.map { "\(name)=\(encode($0))" } }
    guard !pairs.isEmpty else { return path }
    return path + (path.contains("?") ? "&" : "?") + pairs.joined(separator: "&")
  }

  /// The last component of a path.
  static func fileName(_ path: String) -> String {
    (path as NSString).lastPathComponent
  }
}
