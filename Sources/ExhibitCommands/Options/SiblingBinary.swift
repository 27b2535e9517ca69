import Foundation

/// A binary installed beside this one that a command hands itself to: `exhibit-server` for
/// `exhibit serve`, `exhibit-team` for a command with an evidence store.
struct SiblingBinary {
  /// Its file name.
  let name: String
  /// Why it is a binary of its own, for the message when it is missing.
  let role: String

  /// Where it is: beside this binary.
  var path: String {
    let own =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return ((own as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
  }

  /// Replaces this process with the binary, run with `arguments`; returns only by throwing
  /// ``Missing`` when it cannot be run.
  func become(_ arguments: [String]) throws -> Never {
    let path = self.path
    guard FileManager.default.isExecutableFile(atPath: path) else { throw Missing(path: path, role: role) }
    var pointers = ([path] + arguments).map { strdup($0) } + [nil]
    execv(path, &pointers)
    throw Missing(path: path, role: role, reason: String(cString: strerror(errno)))
  }

  /// The binary is not where this one looks for it.
  struct Missing: Error, CustomStringConvertible {
    let path: String
    let role: String
    var reason = "not found"
    var description: String {
      "\(path): \(reason); \(role), installed beside exhibit (`swift build` or `make release` builds it)"
    }
  }
}
