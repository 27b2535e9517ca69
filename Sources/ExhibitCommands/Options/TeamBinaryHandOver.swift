import ExhibitKit
import Foundation

/// `exhibit`'s way to an evidence store: when a command names one, the process becomes
/// `exhibit-team` (installed beside it) with the same arguments, before the command has done
/// anything. `exhibit` itself links no network client, so its commands start without one.
public struct TeamBinaryHandOver: EvidenceStoreOpener {
  public init() {}

  /// The environment variable that names the evidence store.
  static let environmentVariable = "EXHIBIT_MEDIA"

  public func open(option: String?) async throws -> OpenedEvidenceStore? {
    let named = option ?? ProcessInfo.processInfo.environment[Self.environmentVariable]
    guard let named, !named.isEmpty else { return nil }
    let team = Self.teamPath
    guard FileManager.default.isExecutableFile(atPath: team) else { throw TeamBinaryMissing(path: team) }
    var arguments = [team] + CommandLine.arguments.dropFirst()
    var pointers = arguments.indices.map { strdup(arguments[$0]) } + [nil]
    execv(team, &pointers)
    arguments.removeAll()
    throw TeamBinaryMissing(path: team, reason: String(cString: strerror(errno)))
  }

  /// Where `exhibit-team` is: beside this binary.
  static var teamPath: String {
    let own =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return ((own as NSString).deletingLastPathComponent as NSString).appendingPathComponent("exhibit-team")
  }

  /// `exhibit-team` is not where `exhibit` looks for it.
  struct TeamBinaryMissing: Error, CustomStringConvertible {
    let path: String
    var reason = "not found"
    var description: String {
      "\(path): \(reason); commands with an evidence store (--media, $EXHIBIT_MEDIA) run in exhibit-team, "
        + "installed beside exhibit (`swift build` or `make release` builds it)"
    }
  }
}
