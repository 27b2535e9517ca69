import Foundation

// Contents: only the files Exhibit writes, none missing.
extension BundleEvidenceCheck {
  /// An Exhibit bag holds the tag files Exhibit writes, its rendered payload, and the recordings,
  /// captions and frames its manifest names: nothing else, and none of those missing.
  static func checkContents(
    files: [String], manifest: [String: Any]?, problem: (String, String) -> Void
  ) {
    var expected = Set(renderedPayload)
    if manifest?["conformance"] != nil { expected.formUnion(BundleContents.conformancePayload) }
    for recording in manifest?["recordings"] as? [[String: Any]] ?? [] {
      if let file = recording["file"] as? String { expected.insert("data/" + file) }
      for caption in recording["captions"] as? [[String: Any]] ?? [] {
        if let file = caption["file"] as? String { expected.insert("data/" + file) }
      }
      if let file = (recording["heard"] as? [String: Any])?["file"] as? String {
        expected.insert("data/" + file)
      }
    }
    for frame in manifest?["frames"] as? [[String: Any]] ?? [] {
      if let file = frame["file"] as? String { expected.insert("data/" + file) }
    }
    let present = Set(files)
    for file in files.sorted() {
      if file.hasPrefix("data/") {
        if !expected.contains(file) {
          problem(file, "extra: a payload file manifest.json does not name, which Exhibit never writes")
        }
      } else if !exhibitTagFiles.contains(file) {
        problem(file, "extra: a tag file Exhibit never writes")
      }
    }
    for file in expected.sorted() where !present.contains(file) {
      problem(file, "missing: manifest.json names it, or Exhibit writes it into every bag")
    }
    for file in ["bag-info.txt", "manifest-sha256.txt", "tagmanifest-sha256.txt"]
    where !present.contains(file) {
      problem(file, "missing: Exhibit writes it into every bag")
    }
  }
}
