import Foundation
import Testing

@testable import ExhibitKit

/// One version string: the one `exhibit --version` prints, bags name and the README gives.
@Suite struct VersionTests {
  @Test func theReadmeGivesTheVersionBagsName() throws {
    let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("This is Exhibit \(Exhibit.version):"))
    #expect(Exhibit.version.split(separator: ".").count == 3)
  }
}
