import Foundation

/// A private temporary folder for targets that must hand a parser a real file or folder.
///
/// One folder per process, made on first use; each input replaces what the last one wrote.
enum FuzzScratch {
  /// The folder.
  static let folder: String = {
    let temporary = FileManager.default.temporaryDirectory.path
    var template = Array((temporary + "/exhibit-fuzz-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else {
      fatalError("exhibit-fuzz: cannot make a scratch folder: \(String(cString: strerror(errno)))")
    }
    return String(cString: made)
  }()

  /// Writes `bytes` to `name` inside the scratch folder and returns the file's path.
  static func file(_ name: String, _ bytes: [UInt8]) -> String {
    let path = folder + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return path
  }

  /// An empty subfolder called `name`, cleared of what the last input left.
  static func emptyFolder(_ name: String) -> String {
    let path = folder + "/" + name
    try? FileManager.default.removeItem(atPath: path)
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
