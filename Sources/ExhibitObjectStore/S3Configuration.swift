import Foundation

/// Everything needed to reach a bucket: where it is, the endpoint, the region and the key, read
/// from the variables the AWS CLI and SDKs read.
public struct S3Configuration: Sendable {
  public var location: S3Location
  public var endpoint: S3Endpoint
  public var region: String
  public var credentials: S3Credentials
  /// Files at least this large are uploaded in parts of this size, several at once.
  public var partSize: Int = 8 << 20
  /// How many parts are sent at once.
  public var concurrentParts: Int = 8
  /// The pauses before each retry of a failed request; one more attempt than pauses in all.
  public var retryDelays: [Duration] = [.milliseconds(200), .milliseconds(800), .milliseconds(3200)]
  /// How long an answer may take to start, or a read may wait for the next bytes.
  public var readTimeout: Duration = .seconds(60)

  public init(location: S3Location, endpoint: S3Endpoint, region: String, credentials: S3Credentials) {
    self.location = location
    self.endpoint = endpoint
    self.region = region
    self.credentials = credentials
  }

  /// The configuration for `location` from `environment`:
  /// - the key from `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`, else the
  ///   profile `AWS_PROFILE` (or `default`) of `AWS_SHARED_CREDENTIALS_FILE` (or `~/.aws/credentials`);
  /// - the region from `AWS_REGION`, else `AWS_DEFAULT_REGION`, else `us-east-1`;
  /// - the endpoint from `AWS_ENDPOINT_URL_S3`, else `AWS_ENDPOINT_URL`, else AWS's for the region.
  public static func from(environment: [String: String], location: S3Location) throws -> S3Configuration {
    let region =
      nonEmpty(environment["AWS_REGION"]) ?? nonEmpty(environment["AWS_DEFAULT_REGION"]) ?? "us-east-1"
    var endpoint = S3Endpoint.aws(region: region)
    if let url = nonEmpty(environment["AWS_ENDPOINT_URL_S3"]) ?? nonEmpty(environment["AWS_ENDPOINT_URL"]) {
      guard let given = S3Endpoint(url: url) else {
        throw S3Error.configuration(
          "AWS_ENDPOINT_URL is not an http(s) URL with a host and no password: \(redacted(url))")
      }
      endpoint = given
    }
    guard let credentials = try credentials(from: environment) else {
      throw S3Error.configuration(
        "no access key for \(location): set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, "
          + "or give a profile in ~/.aws/credentials")
    }
    return S3Configuration(location: location, endpoint: endpoint, region: region, credentials: credentials)
  }

  private static func credentials(from environment: [String: String]) throws -> S3Credentials? {
    if let id = nonEmpty(environment["AWS_ACCESS_KEY_ID"]) {
      guard let secret = nonEmpty(environment["AWS_SECRET_ACCESS_KEY"]) else {
        throw S3Error.configuration("AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not")
      }
      return S3Credentials(
        accessKeyID: id, secretAccessKey: secret, sessionToken: nonEmpty(environment["AWS_SESSION_TOKEN"]))
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    let path = nonEmpty(environment["AWS_SHARED_CREDENTIALS_FILE"]) ?? home + "/.aws/credentials"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let profile = nonEmpty(environment["AWS_PROFILE"]) ?? "default"
    let values = SharedCredentialsFile.values(of: profile, in: text)
    guard let id = values["aws_access_key_id"], let secret = values["aws_secret_access_key"] else {
      return nil
    }
    return S3Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: values["aws_session_token"])
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }

  /// A URL with its password taken out (`postgres://user@host/db`), for messages and logs.
  public static func redacted(_ url: String) -> String {
    guard let scheme = url.range(of: "://") else { return url }
    let authorityEnd = url[scheme.upperBound...].firstIndex(of: "/") ?? url.endIndex
    guard let at = url[scheme.upperBound..<authorityEnd].lastIndex(of: "@") else { return url }
    let userInfo = url[scheme.upperBound..<at]
    let user = userInfo.prefix { $0 != ":" }
    return String(url[..<scheme.upperBound]) + user + String(url[at...])
  }

}
