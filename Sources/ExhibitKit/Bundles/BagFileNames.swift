import Foundation

/// Gives each file of a bag a safe name no other file of the bag has, compared without case (a
/// bag unzipped on a case-insensitive disk must not lose one). A name already taken gets the
/// file's hash (then a number) before its extension, and long names are shortened before that
/// suffix is added, so the suffix that tells two files apart is never cut off.
struct BagFileNames {
  private var taken: Set<String> = []

  /// A unique name in `folder` for a file called `name` whose content hashes to `sha256`.
  mutating func name(in folder: String, for name: String, sha256: String) -> String {
    let safe = BagPath.safeComponent(name)
    let ext = (safe as NSString).pathExtension
    let suffixExtension = ext.isEmpty || ext.count > 20 ? "" : "." + ext
    let stem = suffixExtension.isEmpty ? safe : String(safe.dropLast(suffixExtension.count))
    var attempt = 0
    while true {
      let distinguisher =
        attempt == 0 ? "" : "-\(sha256.prefix(8))" + (attempt > 1 ? "-\(attempt)" : "")
      let room = BagPath.maximumComponentLength - distinguisher.count - suffixExtension.count
      let candidate = folder + "/" + String(stem.prefix(room)) + distinguisher + suffixExtension
      if taken.insert(candidate.lowercased()).inserted { return candidate }
      attempt += 1
    }
  }
}
