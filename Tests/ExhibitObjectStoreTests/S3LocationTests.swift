import Testing

@testable import ExhibitObjectStore

/// Reading where the bucket is and how to reach it from what users type and export.
@Suite struct S3LocationTests {
  @Test func readsBucketsAndPrefixes() {
    #expect(S3Location("s3://evidence") == S3Location(bucket: "evidence"))
    #expect(S3Location("s3://evidence/acme/") == S3Location(bucket: "evidence", prefix: "acme"))
    #expect(S3Location("s3://evidence//acme//q3") == S3Location(bucket: "evidence", prefix: "acme/q3"))
    #expect(S3Location("s3://evidence/acme")?.key("recordings/ab") == "acme/recordings/ab")
    for refused in [
      "evidence", "s3://", "s3://Evidence", "s3://ab", "s3://-bucket", "s3://e/../x", "http://e/x",
    ] {
      #expect(S3Location(refused) == nil, "\(refused)")
    }
  }

  @Test func readsEndpointsAndChoosesPathStyleForAddresses() {
    let local = S3Endpoint(url: "http://127.0.0.1:9000")
    #expect(local == S3Endpoint(scheme: "http", host: "127.0.0.1", port: 9000, pathStyle: true))
    #expect(local?.hostHeader(bucket: "b") == "127.0.0.1:9000")
    #expect(local?.path(bucket: "b", key: "k/1") == "/b/k/1")
    #expect(S3Endpoint(url: "http://localhost:9000/")?.pathStyle == true)
    let named = S3Endpoint(url: "https://storage.example.com")
    #expect(named?.pathStyle == false)
    #expect(named?.hostHeader(bucket: "b") == "b.storage.example.com")
    #expect(named?.path(bucket: "b", key: "k") == "/k")
    #expect(S3Endpoint(url: "https://user:secret@storage.example.com") == nil)
    #expect(S3Endpoint(url: "ftp://storage.example.com") == nil)
    #expect(S3Endpoint(url: "http://host:99999") == nil)
  }

  @Test func readsTheKeyFromTheEnvironmentOrTheCredentialsFile() throws {
    let location = S3Location(bucket: "evidence")
    let fromVariables = try S3Configuration.from(
      environment: [
        "AWS_ACCESS_KEY_ID": "id", "AWS_SECRET_ACCESS_KEY": "secret", "AWS_REGION": "eu-west-1",
        "AWS_ENDPOINT_URL": "http://127.0.0.1:9000",
      ], location: location)
    #expect(fromVariables.credentials == S3Credentials(accessKeyID: "id", secretAccessKey: "secret"))
    #expect(fromVariables.region == "eu-west-1")
    #expect(fromVariables.endpoint.pathStyle)
    let aws = try S3Configuration.from(
      environment: ["AWS_ACCESS_KEY_ID": "id", "AWS_SECRET_ACCESS_KEY": "s", "HOME": "/nonexistent"],
      location: location)
    #expect(aws.endpoint == S3Endpoint.aws(region: "us-east-1"))
    #expect(throws: S3Error.self) {
      try S3Configuration.from(
        environment: ["AWS_ACCESS_KEY_ID": "id", "HOME": "/nonexistent"], location: location)
    }
    #expect(throws: S3Error.self) {
      try S3Configuration.from(environment: ["HOME": "/nonexistent"], location: location)
    }

    let file = "/tmp/exhibit-credentials-\(UInt64.random(in: 0...UInt64.max))"
    try
      "[default]\naws_access_key_id = one\naws_secret_access_key = two\n\n[team]\naws_access_key_id=three\naws_secret_access_key=four\naws_session_token = five\n"
      .write(toFile: file, atomically: true, encoding: .utf8)
    let team = try S3Configuration.from(
      environment: ["AWS_SHARED_CREDENTIALS_FILE": file, "AWS_PROFILE": "team"], location: location)
    #expect(
      team.credentials == S3Credentials(accessKeyID: "three", secretAccessKey: "four", sessionToken: "five"))
    let plain = try S3Configuration.from(
      environment: ["AWS_SHARED_CREDENTIALS_FILE": file], location: location)
    #expect(plain.credentials.accessKeyID == "one")
  }

  @Test func takesPasswordsOutOfUrlsForMessages() {
    #expect(
      S3Configuration.redacted("postgres://exhibit:hunter2@db/exhibit") == "postgres://exhibit@db/exhibit")
    #expect(
      S3Configuration.redacted("postgres://exhibit@db/exhibit?x=a@b") == "postgres://exhibit@db/exhibit?x=a@b"
    )
    #expect(S3Configuration.redacted("postgres://:p@db/e") == "postgres://@db/e")
    #expect(S3Configuration.redacted("http://127.0.0.1:9000") == "http://127.0.0.1:9000")
  }
}
