/// Where in object storage Exhibit keeps its objects: `s3://bucket` or `s3://bucket/prefix`.
public struct S3Location: Sendable, Equatable, CustomStringConvertible {
  /// The bucket, which its owner makes; Exhibit never creates one.
  public let bucket: String
  /// The folder-like prefix inside the bucket, without slashes at either end; empty for none.
  public let prefix: String

  /// Reads `s3://bucket[/prefix]`; nil when `text` is not such a URL or the bucket's name is not
  /// one S3 allows (3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with
  /// a letter or digit).
  public init?(_ text: String) {
    guard text.hasPrefix("s3://") else { return nil }
    let rest = text.dropFirst(5)
    let bucket = rest.prefix { $0 != "/" }
    guard Self.isBucketName(bucket) else { return nil }
    self.bucket = String(bucket)
    let path = rest.dropFirst(bucket.count).split(separator: "/", omittingEmptySubsequences: true)
    guard !path.contains(where: { $0 == "." || $0 == ".." }) else { return nil }
    prefix = path.joined(separator: "/")
  }

  public init(bucket: String, prefix: String = "") {
    self.bucket = bucket
    self.prefix = prefix
  }

  public var description: String { prefix.isEmpty ? "s3://\(bucket)" : "s3://\(bucket)/\(prefix)" }

  /// The key of `name` under the prefix.
  public func key(_ name: String) -> String { prefix.isEmpty ? name : "\(prefix)/\(name)" }

  private static func isBucketName(_ name: Substring) -> Bool {
    guard (3...63).contains(name.count), let first = name.first, let last = name.last else { return false }
    let allowed = name.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
    }
    return allowed && first != "." && first != "-" && last != "." && last != "-"
  }
}
