import ExhibitKit
import Foundation
import HTTPTypes
import NIOCore

/// What `exhibit serve` serves and how.
public struct ServerSettings: Sendable {
  /// The address to listen on; loopback unless accounts are set up.
  public var host: String
  /// The port; 0 picks a free one.
  public var port: Int
  /// The workspace database.
  public var databasePath: String
  /// Where exported bundles are written and served from.
  public var exportsFolder: String
  /// Who is asking: the OS user on loopback, accounts elsewhere.
  public var mode: AccessMode
  /// bcrypt's work factor for checking sign-ins.
  public var passwordHasher = PasswordHasher()
  /// The first wait after a failed sign-in, doubling with each further failure.
  public var signInDelay: TimeInterval = 0.5
  /// The time sign-in throttling reads and waits by.
  public var signInClock = SignInClock.system
  /// With accounts, the host names the server is reached by (lowercased, no port); any when empty.
  public var allowedHosts: [String] = []
  /// How long a connection may stay open without a complete request: the time to send a
  /// request's head, and the keep-alive idle time.
  public var idleTimeout: TimeAmount = Self.defaultIdleTimeout
  /// The idle timeout unless one is set: ten seconds.
  public static let defaultIdleTimeout = TimeAmount.seconds(10)
  /// Space an export must leave free on its disk (a web export is refused with 507 below it).
  public var exportFreeFloor: Int64 = 256 << 20
  /// Connections one address may hold open at once.
  public var connectionsPerAddress = 64
  /// The workspace's evidence store, when recordings are played from one (`--media`) instead of
  /// the catalogued paths.
  public var storage: (any EvidenceStorage)?
  /// Files findings from the findings page (`--file-to`); nil when the server files none.
  public var findingFiler: FindingFiler?
  /// Where it files, as `--file-to` names it (`github:acme/mobile`).
  public var fileTo: String?
  /// The headers every response carries, from the application and the media fast path alike
  /// (``RequestRules``).
  public var safetyHeaders: HTTPFields = RequestRules.standardSafetyHeaders
  /// Threads that run database work.
  public var databaseThreads = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)

  /// Settings for a workspace database; exports go to `Exports/` beside its `Database/` folder.
  public init(host: String, port: Int, databasePath: String, mode: AccessMode, exportsFolder: String? = nil) {
    self.host = host
    self.port = port
    self.databasePath = databasePath
    self.mode = mode
    // A catalogue on a database server has no workspace folder: the server's is the one it runs in.
    let workspace = WorkspaceFolder(databasePath: databasePath).path
    self.exportsFolder = exportsFolder ?? (workspace as NSString).appendingPathComponent("Exports")
  }

  /// The host names of `--allowed-host` values and a `--public-url`, lowercased, without port.
  /// - Throws: ``ServerError/badHost(_:)`` for a value that names no host.
  public static func hostNames(allowed: [String], publicURL: String?) throws -> [String] {
    var names: [String] = []
    for value in allowed {
      let host = HostGuard.split(value.lowercased()).host
      guard !host.isEmpty, !host.contains("/") else { throw ServerError.badHost(value) }
      names.append(host)
    }
    if let publicURL {
      guard let components = URLComponents(string: publicURL), let host = components.host, !host.isEmpty,
        ["http", "https"].contains(components.scheme?.lowercased() ?? "")
      else { throw ServerError.badHost(publicURL) }
      names.append(host.contains(":") && !host.hasPrefix("[") ? "[\(host.lowercased())]" : host.lowercased())
    }
    return names
  }
}
