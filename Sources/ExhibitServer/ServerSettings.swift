import ExhibitKit
import Foundation

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
  /// Threads that run database work.
  public var databaseThreads = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)

  /// Settings for a workspace database; exports go to `Exports/` beside its `Database/` folder.
  public init(host: String, port: Int, databasePath: String, mode: AccessMode, exportsFolder: String? = nil) {
    self.host = host
    self.port = port
    self.databasePath = databasePath
    self.mode = mode
    let databaseFolder = (databasePath as NSString).deletingLastPathComponent
    let workspace = (databaseFolder as NSString).deletingLastPathComponent
    self.exportsFolder =
      exportsFolder ?? ((workspace.isEmpty ? "." : workspace) as NSString).appendingPathComponent("Exports")
  }
}
