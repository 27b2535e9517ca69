import Foundation
import Testing

@testable import ExhibitKit

@Suite struct WorkspaceTests {
  @Test func databasePathPrefersTheOptionThenTheEnvironmentThenTheDefault() {
    let environment = ["EXHIBIT_DB": "/data/env.sqlite"]
    #expect(
      Workspace.resolveDatabasePath(explicit: "x.sqlite", environment: environment, currentDirectory: "/w")
        == "/w/x.sqlite")
    #expect(
      Workspace.resolveDatabasePath(explicit: nil, environment: environment, currentDirectory: "/w")
        == "/data/env.sqlite")
    #expect(
      Workspace.resolveDatabasePath(explicit: nil, environment: [:], currentDirectory: "/w")
        == "/w/Database/exhibit.sqlite")
  }

  @Test func aRelativeDatabasePathIsStandardizedAsFoundationsURLStandardizesIt() {
    let folder = "/work/a"
    for relative in [
      "x.sqlite", "./x.sqlite", "../x.sqlite", "../../../../x.sqlite", "b//c/./d/../x.sqlite", "b/", "b/.",
      "b/..", "..", ".", "Database/exhibit.sqlite", "b/c d/x.sqlite", "é/x.sqlite",
    ] {
      let foundations = URL(fileURLWithPath: folder).appendingPathComponent(relative).standardizedFileURL.path
      #expect(
        Workspace.resolveDatabasePath(explicit: relative, environment: [:], currentDirectory: folder)
          == foundations, "\(relative)")
    }
  }

  @Test func initCreatesMediaAndDatabaseAndKeepsThemTheSecondTime() throws {
    let folder = try TemporaryFolder()
    let workspace = Workspace(root: folder.url)
    let first = try workspace.initialize()
    #expect(first.createdMedia && first.createdDatabase)
    #expect(FileManager.default.fileExists(atPath: folder.path("Database/exhibit.sqlite")))
    let second = try workspace.initialize()
    #expect(!second.createdMedia && !second.createdDatabase)
  }

  @Test func initRefusesAFileWhereMediaShouldBe() throws {
    let folder = try TemporaryFolder()
    try folder.write("Media", "not a folder")
    #expect(throws: WorkspaceError.self) { _ = try Workspace(root: folder.url).initialize() }
  }
}
