import Foundation

/// A folder under the system's temporary directory, removed when the test is done.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("exhibit-test-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` inside the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `text` to `name` (creating folders) and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    try write(name, Data(text.utf8))
  }

  /// Writes `data` to `name` (creating folders) and returns its path.
  @discardableResult
  func write(_ name: String, _ data: Data) throws -> String {
    let target = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: target)
    return target.path
  }
}

/// Where the repository's own files are, for tests that read Media/ or Database/.
enum Repository {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `../shared/corpus/magentaA11y` beside the repository, when it is present (optional).
  static var corpus: URL? {
    let url = root.deletingLastPathComponent().appendingPathComponent("shared/corpus/magentaA11y")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }
}
