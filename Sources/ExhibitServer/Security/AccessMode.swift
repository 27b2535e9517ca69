import ExhibitKit

/// How the server decides who is asking.
public enum AccessMode: Sendable, Equatable {
  /// Listening on loopback only: whoever can connect is the OS user, an auditor.
  case loopback(actor: String)
  /// Listening on another address: everyone signs in with an account (`exhibit users add`).
  case accounts

  /// The mode an address requires: accounts unless every connection comes from this machine
  /// (or accounts are asked for anyway, on a machine others share).
  public static func required(forHost host: String, localActor: String, accountsAnyway: Bool = false)
    -> AccessMode
  {
    isLoopback(host) && !accountsAnyway ? .loopback(actor: localActor) : .accounts
  }

  /// Whether a host names a loopback address (127.0.0.0/8, ::1 or localhost).
  public static func isLoopback(_ host: String) -> Bool {
    let lowered = host.lowercased()
    if lowered == "localhost" || lowered == "::1" || lowered == "[::1]" { return true }
    let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
  }
}
