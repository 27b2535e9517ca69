import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension S3Bucket {
  /// Sends one signed request, retrying transient failures, and reads the whole answer.
  /// `payloadHash`, the body's SHA-256 when the caller has it, is signed instead of hashing the
  /// body again; the store refuses a body that does not hash to it.
  func send(
    _ method: String, key: String?, query: [(name: String, value: String)] = [],
    headers extra: [(String, String)] = [], body: [UInt8] = [], payloadHash: String? = nil, operation: String
  ) async throws -> S3Response {
    let payloadHash = payloadHash ?? PayloadDigest.sha256Hex(body)
    return try await retrying(operation, key: key ?? "") {
      let request = signedRequest(
        method, key: key, query: query, headers: extra, body: body, payloadHash: payloadHash)
      let response = try await client.execute(request, timeout: TimeAmount(configuration.readTimeout) * 4)
      var collected: [UInt8] = []
      if method != "HEAD" {
        for try await chunk in response.body { collected += chunk.readableBytesView }
      }
      let answer = S3Response(status: Int(response.status.code), headers: response.headers, body: collected)
      return answer.isTransient ? .again(answer.problem) : .done(answer)
    }
  }

  /// One try of a request: an answer to keep, or the transient problem to try again after.
  enum Attempt<Answer> {
    case done(Answer)
    case again(String)
  }

  /// Runs `attempt` until it gives an answer, pausing ``S3Configuration/retryDelays`` between
  /// tries; a timeout, refused or dropped connection counts as a transient problem too. Throws
  /// ``S3Error/unavailable(operation:key:attempts:lastProblem:)`` once the tries run out.
  func retrying<Answer>(_ operation: String, key: String, _ attempt: () async throws -> Attempt<Answer>)
    async throws -> Answer
  {
    let delays = configuration.retryDelays
    var lastProblem = ""
    for number in 0...delays.count {
      if number > 0 { try await Task.sleep(for: delays[number - 1]) }
      do {
        switch try await attempt() {
        case .done(let answer): return answer
        case .again(let problem): lastProblem = problem
        }
      } catch let error as HTTPClientError {
        lastProblem = Self.describe(error)
      } catch let error as ChannelError {
        lastProblem = "\(error)"
      } catch let error as IOError {
        lastProblem = error.description
      }
    }
    throw S3Error.unavailable(
      operation: operation, key: key, attempts: delays.count + 1,
      lastProblem: lastProblem + " from \(configuration.endpoint.description)")
  }

  /// A request for `key` (nil: the bucket), signed now: Host, the body's SHA-256 and MD5, the
  /// extra headers, the date and the authorization.
  func signedRequest(
    _ method: String, key: String?, query: [(name: String, value: String)] = [],
    headers extra: [(String, String)] = [], body: [UInt8] = [],
    payloadHash: String = SignableRequest.emptyPayloadHash
  ) -> HTTPClientRequest {
    let endpoint = configuration.endpoint
    let host = endpoint.hostHeader(bucket: bucket)
    let path = endpoint.path(bucket: bucket, key: key)
    var signed: [(name: String, value: String)] = [("Host", host), ("x-amz-content-sha256", payloadHash)]
    if !body.isEmpty { signed.append(("Content-MD5", PayloadDigest.md5Base64(body))) }
    signed += extra.map { (name: $0.0, value: $0.1) }
    let request = SignableRequest(
      method: method, path: path, query: query, headers: signed, payloadHash: payloadHash)
    let date = AmzDate(secondsSince1970: Int64(Date().timeIntervalSince1970))
    let authorization = signer.authorizationHeaders(for: request, at: date)

    let canonicalQuery = CanonicalRequest(request, encodesPathTwice: false).query
    var url = "\(endpoint.scheme)://\(host)\(SigV4Encoding.encodePath(path))"
    if !canonicalQuery.isEmpty { url += "?" + canonicalQuery }
    var outgoing = HTTPClientRequest(url: url)
    outgoing.method = HTTPMethod(rawValue: method)
    for header in signed + authorization { outgoing.headers.add(name: header.name, value: header.value) }
    if !body.isEmpty || method == "PUT" || method == "POST" {
      outgoing.body = .bytes(ByteBuffer(bytes: body))
    }
    return outgoing
  }

  static func describe(_ error: HTTPClientError) -> String {
    switch error {
    case .readTimeout: return "no answer within the read timeout"
    case .writeTimeout: return "the store did not read the request within the timeout"
    case .connectTimeout: return "no connection within the connect timeout"
    case .deadlineExceeded: return "the request took longer than its deadline"
    case .remoteConnectionClosed: return "the store closed the connection"
    default: return "\(error)"
    }
  }
}

extension TimeAmount {
  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
