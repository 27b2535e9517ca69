import Foundation
import Testing

/// Hostile media files, made by `Scripts/make_hostile_media.py`.
enum HostileMedia {
  /// The script that makes them.
  static let maker = Python.script("make_hostile_media.py")

  /// Makes a hostile file of a kind at a path, `amount` saying how big.
  static func make(_ kind: String, _ path: String, _ amount: Int) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let made = try Python.run([maker, kind, path, String(amount)])
    #expect(made.status == 0, "\(made.stderr)")
  }
}
