import Foundation
import Testing

/// SwiftPM lets any target import a C module a dependency uses, so the rule that only
/// ExhibitSQLite touches SQLite's C interface is checked here. (ExhibitSQLite imports it with
/// `internal import`, so the compiler keeps C types out of its public interface.)
@Suite struct ModuleBoundaryTests {
  private func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
    let root = Repository.root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
      return []
    }
    return try walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map {
      (
        $0.path.replacingOccurrences(of: Repository.root.path + "/", with: ""),
        try String(contentsOf: $0, encoding: .utf8)
      )
    }
  }

  @Test func onlyExhibitSQLiteImportsCSQLiteOrCallsSQLite() throws {
    let files = try swiftFiles(under: "Sources") + swiftFiles(under: "Tests")
    #expect(files.count > 100)
    func imports(_ text: String) -> Bool {
      text.range(of: #"(?m)^[ \t]*(?:@\w+ |\w+ )?import CSQLite\b"#, options: .regularExpression) != nil
    }
    func callsSQLite(_ text: String) -> Bool {
      text.range(of: #"(?m)^[^/\n]*\bsqlite3_[a-z_0-9]+\("#, options: .regularExpression) != nil
    }
    let offenders = files.filter { file in
      !file.path.hasPrefix("Sources/ExhibitSQLite/") && (imports(file.text) || callsSQLite(file.text))
    }
    #expect(offenders.map(\.path) == [], "only Sources/ExhibitSQLite may use SQLite's C interface")
    let importers = files.filter { imports($0.text) }.map(\.path).sorted()
    #expect(!importers.isEmpty && importers.allSatisfy { $0.hasPrefix("Sources/ExhibitSQLite/") })
  }

  @Test func theStoreFolderHoldsPlumbingAndSchemaOnly() throws {
    // Domain rules live with their domain; Store/ opens, migrates, verifies and hands off.
    let names = try swiftFiles(under: "Sources/ExhibitKit/Store").map {
      ($0.path as NSString).lastPathComponent
    }.sorted()
    #expect(
      names.allSatisfy {
        $0.hasPrefix("Schema") || $0.hasPrefix("Store") || $0 == "DatabaseFile.swift"
      }, "\(names)")
  }
}
