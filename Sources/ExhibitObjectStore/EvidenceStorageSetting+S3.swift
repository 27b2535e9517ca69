import ExhibitModel

extension EvidenceStorageSetting {
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
