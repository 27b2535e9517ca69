/// How a command is told of the team's evidence store: `--media s3://bucket[/prefix]`, else
/// `$EXHIBIT_MEDIA`; an empty value, or neither, means none.
public enum EvidenceStoreSetting {
  /// The environment variable that names the evidence store.
  public static let environmentVariable = "EXHIBIT_MEDIA"

  /// The bucket's configuration `option` or the environment names; nil for none.
  /// - Throws: ``S3Error/configuration(_:)`` for a value that is not an `s3://` URL, or no key.
  public static func configuration(option: String?, environment: [String: String]) throws -> S3Configuration?
  {
    guard let text = option ?? environment[environmentVariable], !text.isEmpty else { return nil }
    guard let location = S3Location(text) else {
      throw S3Error.configuration(
        "--media (or $\(environmentVariable)) must be s3://bucket or s3://bucket/prefix, not \(text)")
    }
    return try S3Configuration.from(environment: environment, location: location)
  }
}
