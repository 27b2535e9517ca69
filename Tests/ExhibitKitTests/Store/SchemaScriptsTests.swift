import Foundation
import Testing

@testable import ExhibitKit

/// Migrations are SQL files, `Database/migrations/NNN-name.sql`, compiled in by the build plugin.
@Suite struct SchemaScriptsTests {
  @Test func everyScriptFileIsTheSQLOfItsMigration() throws {
    let folder = Repository.root.appendingPathComponent("Database/migrations")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".sql")
    }
    let withSQL = Schema.migrations.filter { !$0.sql.isEmpty }
    #expect(files.count == withSQL.count)
    for migration in withSQL {
      let name = try #require(files.first { $0.hasPrefix(String(format: "%03d-", migration.version)) })
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      #expect(text == migration.sql, "\(name) is not what migration \(migration.version) runs")
      #expect(text.hasPrefix("-- Version \(migration.version)"), "\(name) starts by saying what it does")
    }
    #expect(Schema.migrations.map(\.version) == Array(1...Schema.migrations.count))
  }
}
