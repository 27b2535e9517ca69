import Foundation
import Testing

/// ExhibitKit's domains call downward only: the bottom layer (the ExhibitModel target, which the
/// compiler keeps free of everything above it), then Criteria and Accounts, Recordings, Products
/// (products and their audits), Evidence, Audits (the round: operations, progress, comparison),
/// Conformance, Findings (what a fail sets in motion), Search and Bundles, and on top the composer (Store and Workspace), which alone puts work of
/// several domains together. A domain folder may name the types of the folders below it and of
/// its own; naming a type of a folder above it, or of a sibling, is a sideways call and fails.
@Suite struct DirectionTests {
  /// The layers, bottom first; folders in one layer are siblings that may not name each other,
  /// except the composer's, which are one layer in two folders.
  static let layers: [[String]] = [
    ["Criteria", "Accounts"], ["Recordings"], ["Products"], ["Evidence"], ["Audits"], ["Conformance"],
    ["Approvals"],
    ["Findings"], ["Search", "Bundles"],
    ["Store+Workspace"],
  ]

  /// One layer's rank and the name it goes by (the composer's folders share one).
  static func place(of folder: String) -> (rank: Int, unit: String)? {
    let unit = folder == "Store" || folder == "Workspace" ? "Store+Workspace" : folder
    guard let rank = layers.firstIndex(where: { $0.contains(unit) }) else { return nil }
    return (rank, unit)
  }

  /// Top-level types each file declares, read from the source (a declaration at the start of a
  /// line; nested types are left out, since their names repeat across domains).
  static func declaredTypes(in text: String) throws -> [String] {
    let pattern =
      #"(?m)^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)"#
    let regex = try NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  /// The capitalised words of a file's code, without its comments and string literals.
  static func referencedNames(in text: String) throws -> Set<String> {
    var code = text.replacingOccurrences(of: #"//[^\n]*"#, with: "", options: .regularExpression)
    code = code.replacingOccurrences(of: #""""[\s\S]*?""""#, with: "\"\"", options: .regularExpression)
    code = code.replacingOccurrences(of: #""(?:[^"\\\n]|\\.)*""#, with: "\"\"", options: .regularExpression)
    let regex = try NSRegularExpression(pattern: #"\b[A-Z]\w*\b"#)
    let range = NSRange(code.startIndex..., in: code)
    return Set(
      regex.matches(in: code, range: range).compactMap { Range($0.range, in: code).map { String(code[$0]) } })
  }

  /// Every sideways or upward reference among ExhibitKit's folders, as `file names Type (folder)`.
  static func violations(files: [(folder: String, name: String, text: String)]) throws -> [String] {
    var owner: [String: String] = [:]
    for file in files {
      for type in try declaredTypes(in: file.text) { owner[type] = owner[type] ?? file.folder }
    }
    var found: [String] = []
    for file in files {
      guard let from = place(of: file.folder) else {
        found.append("\(file.folder)/\(file.name) is in no layer")
        continue
      }
      for name in try referencedNames(in: file.text).sorted() {
        guard let folder = owner[name], let to = place(of: folder), to.unit != from.unit else { continue }
        if to.rank >= from.rank { found.append("\(file.folder)/\(file.name) names \(name) (\(folder))") }
      }
    }
    return found
  }

  static func exhibitKitFiles() throws -> [(folder: String, name: String, text: String)] {
    let root = Repository.root.appendingPathComponent("Sources/ExhibitKit")
    var files: [(folder: String, name: String, text: String)] = []
    for folder in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
      let url = root.appendingPathComponent(folder)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue
      else {
        continue
      }
      // A domain's subfolders (Recordings/Hearing) are the domain's.
      let names = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
      for name in names.sorted() where name.hasSuffix(".swift") {
        files.append(
          (folder, name, try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)))
      }
    }
    return files
  }

  @Test func domainsCallOnlyDownward() throws {
    let files = try Self.exhibitKitFiles()
    #expect(files.count > 100)
    #expect(Set(files.map(\.folder)).count == 13)
    #expect(try Self.violations(files: files) == [])
  }

  @Test func aSidewaysCallIsFound() throws {
    // What the check must catch: criteria import reaching up into the catalogue, as it once did.
    var files = try Self.exhibitKitFiles()
    let sideways =
      "extension CriteriaLibrary {\n  func reattribute() throws { _ = try CatalogueWriter(connection: connection) }\n}\n"
    files.append(("Criteria", "Sideways.swift", sideways))
    // A sibling is sideways too, and a comment or string naming a type is not a call.
    files.append(
      ("Search", "Sibling.swift", "let shelf = BagWorkspace.self // EvidenceBundler\nlet s = \"Store\"\n"))
    #expect(
      try Self.violations(files: files) == [
        "Criteria/Sideways.swift names CatalogueWriter (Recordings)",
        "Search/Sibling.swift names BagWorkspace (Bundles)",
      ])
  }

  @Test func theBottomLayerNamesNothingAbove() throws {
    // The compiler enforces it (ExhibitModel depends on Crypto only, no storage engine and no
    // target of ours); this keeps anyone from adding a dependency back.
    let package = try String(
      contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let start = try #require(package.range(of: "name: \"ExhibitModel\""))
    let target = package[start.upperBound...].prefix { $0 != ")" }
    #expect(target.contains("swift-crypto"))
    #expect(!target.contains("\"Exhibit"), "\(target)")
    // Storage knows the vocabulary and no engine; each engine's driver stands on it.
    let storageStart = try #require(package.range(of: "name: \"ExhibitStorage\""))
    let storage = package[storageStart.upperBound...].prefix { $0 != ")" }
    #expect(
      storage.contains("\"ExhibitModel\"") && !storage.contains("SQLite") && !storage.contains("Postgres"))
  }
}
