import Testing

@testable import ExhibitObjectStore

/// The signer against the published Signature Version 4 examples: AWS's test suite (service
/// `service`, 2015-08-30) and the worked examples of S3's documentation (2013-05-24).
@Suite struct SigV4SignerTests {
  private let suiteKey = S3Credentials(
    accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
  private let s3Key = S3Credentials(
    accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
  /// 2015-08-30T12:36:00Z.
  private let suiteDate = AmzDate(secondsSince1970: 1_440_938_160)
  /// 2013-05-24T00:00:00Z.
  private let s3Date = AmzDate(secondsSince1970: 1_369_353_600)

  @Test func writesDatesAsTheScopeNamesThem() {
    #expect(suiteDate.timestamp == "20150830T123600Z")
    #expect(suiteDate.day == "20150830")
    #expect(s3Date.timestamp == "20130524T000000Z")
    #expect(AmzDate(secondsSince1970: 951_782_400).timestamp == "20000229T000000Z")
    #expect(AmzDate(secondsSince1970: 0).timestamp == "19700101T000000Z")
  }

  @Test func signsTheTestSuitesVanillaGet() {
    let signer = SigV4Signer(credentials: suiteKey, region: "us-east-1", service: "service")
    let request = SignableRequest(
      method: "GET", path: "/", headers: [("Host", "example.amazonaws.com")],
      payloadHash: SignableRequest.emptyPayloadHash)
    #expect(
      authorization(signer, request, suiteDate)
        == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
        + "SignedHeaders=host;x-amz-date, "
        + "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31")
  }

  @Test func sortsTheQueryByName() {
    let signer = SigV4Signer(credentials: suiteKey, region: "us-east-1", service: "service")
    let request = SignableRequest(
      method: "GET", path: "/", query: [("Param2", "value2"), ("Param1", "value1")],
      headers: [("Host", "example.amazonaws.com")], payloadHash: SignableRequest.emptyPayloadHash)
    #expect(
      authorization(signer, request, suiteDate).hasSuffix(
        "Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"))
  }

  @Test func signsAFormPostsBodyAndContentType() {
    let signer = SigV4Signer(credentials: suiteKey, region: "us-east-1", service: "service")
    let request = SignableRequest(
      method: "POST", path: "/",
      headers: [("Host", "example.amazonaws.com"), ("Content-Type", "application/x-www-form-urlencoded")],
      payloadHash: PayloadDigest.sha256Hex(Array("Param1=value1".utf8)))
    #expect(
      authorization(signer, request, suiteDate)
        == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
        + "SignedHeaders=content-type;host;x-amz-date, "
        + "Signature=ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a")
  }

  @Test func signsS3sRangedGetExample() {
    let signer = SigV4Signer(credentials: s3Key, region: "us-east-1")
    let request = SignableRequest(
      method: "GET", path: "/test.txt",
      headers: [
        ("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9"),
        ("x-amz-content-sha256", SignableRequest.emptyPayloadHash),
      ], payloadHash: SignableRequest.emptyPayloadHash)
    let canonical = CanonicalRequest(
      SignableRequest(
        method: "GET", path: "/test.txt",
        headers: request.headers + [("x-amz-date", s3Date.timestamp)],
        payloadHash: SignableRequest.emptyPayloadHash), encodesPathTwice: false)
    #expect(
      signer.stringToSign(canonicalRequest: canonical.text, at: s3Date)
        == "AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n"
        + "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972")
    #expect(
      authorization(signer, request, s3Date)
        == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
        + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
        + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
  }

  @Test func signsS3sPutExampleWithAnEncodedKey() {
    let signer = SigV4Signer(credentials: s3Key, region: "us-east-1")
    let request = SignableRequest(
      method: "PUT", path: "/test$file.text",
      headers: [
        ("Host", "examplebucket.s3.amazonaws.com"), ("Date", "Fri, 24 May 2013 00:00:00 GMT"),
        ("x-amz-storage-class", "REDUCED_REDUNDANCY"),
        ("x-amz-content-sha256", "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072"),
      ], payloadHash: "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
    #expect(PayloadDigest.sha256Hex(Array("Welcome to Amazon S3.".utf8)) == request.payloadHash)
    #expect(
      authorization(signer, request, s3Date).hasSuffix(
        "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, "
          + "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"))
  }

  @Test func signsS3sListObjectsExampleWithAnEmptyValuedQueryTheSameWay() {
    let signer = SigV4Signer(credentials: s3Key, region: "us-east-1")
    let list = SignableRequest(
      method: "GET", path: "/", query: [("max-keys", "2"), ("prefix", "J")],
      headers: [
        ("Host", "examplebucket.s3.amazonaws.com"),
        ("x-amz-content-sha256", SignableRequest.emptyPayloadHash),
      ], payloadHash: SignableRequest.emptyPayloadHash)
    #expect(
      authorization(signer, list, s3Date).hasSuffix(
        "Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"))
    let lifecycle = SignableRequest(
      method: "GET", path: "/", query: [("lifecycle", "")], headers: list.headers,
      payloadHash: SignableRequest.emptyPayloadHash)
    #expect(
      authorization(signer, lifecycle, s3Date).hasSuffix(
        "Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"))
  }

  @Test func presignsS3sExampleUrl() {
    let signer = SigV4Signer(credentials: s3Key, region: "us-east-1")
    let query = signer.presignedQuery(
      method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/test.txt", expiresIn: 86_400,
      at: s3Date)
    #expect(
      query
        == "X-Amz-Algorithm=AWS4-HMAC-SHA256"
        + "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
        + "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
        + "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404")
  }

  @Test func aChangedByteChangesTheSignature() {
    let signer = SigV4Signer(credentials: s3Key, region: "us-east-1")
    let one = SignableRequest(
      method: "GET", path: "/a b", headers: [("Host", "h")], payloadHash: SignableRequest.emptyPayloadHash)
    var other = one
    other.path = "/a+b"
    #expect(authorization(signer, one, s3Date) != authorization(signer, other, s3Date))
    #expect(SigV4Encoding.encodePath("/a b/ü~") == "/a%20b/%C3%BC~")
    #expect(SigV4Encoding.encode("a/b=c") == "a%2Fb%3Dc")
  }

  private func authorization(_ signer: SigV4Signer, _ request: SignableRequest, _ date: AmzDate) -> String {
    signer.authorizationHeaders(for: request, at: date).first { $0.name == "Authorization" }?.value ?? ""
  }
}
