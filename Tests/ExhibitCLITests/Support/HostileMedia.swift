import Foundation
import Testing

/// Hostile media files, made by `Scripts/make_hostile_media.py`.
enum HostileMedia {
  /// The script that makes them.
  static let maker = CLIWorkspace.repository.appendingPathComponent("Scripts/make_hostile_media.py").path

  static func make(_ kind: String, _ path: String, _ amount: Int) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", maker, kind, path, String(amount)]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}
