import Foundation

/// Runs a shell script in a new user and mount namespace (`unshare --user --map-root-user
/// --mount`), where it may mount a tiny tmpfs or remount a folder read-only, as the user's disk
/// might be, without touching the rest of the machine. The mounts vanish with the script.
enum MountNamespace {
  /// Whether this machine lets a process make such a namespace and mount a tmpfs in it.
  static let available: Bool = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "exhibit-ns-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil,
      let result = try? run("mount -t tmpfs -o size=64k tmpfs \(quoted(folder.path))", environment: [:])
    else { return false }
    return result.status == 0
  }()

  /// Runs `script` with `sh` in a fresh namespace.
  static func run(_ script: String, environment: [String: String]) throws -> CLIWorkspace.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    process.arguments = ["--user", "--map-root-user", "--mount", "sh", "-c", script]
    if !environment.isEmpty { process.environment = environment }
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    return CLIWorkspace.collect((process, stdout, stderr))
  }

  /// `text` quoted for `sh`.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
