/// Why the server will not start.
public enum ServerError: Error, Equatable, CustomStringConvertible {
  /// A non-loopback address with no account to sign in with.
  case noAccounts(host: String)
  /// An `--allowed-host` or `--public-url` that names no host.
  case badHost(String)

  public var description: String {
    switch self {
    case .noAccounts(let host):
      "refusing to listen on \(host) without accounts: anyone who can reach it could change evidence; "
        + "add one with `exhibit users add NAME --role auditor`, or listen on 127.0.0.1"
    case .badHost(let value):
      "\(value): not a host name (--allowed-host exhibit.example.org) or an http(s) URL (--public-url)"
    }
  }
}
