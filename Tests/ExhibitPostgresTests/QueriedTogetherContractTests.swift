import ExhibitKit
import ExhibitStorage
import Foundation
import Testing

/// `CatalogueSQL.queries`, the reads a caller sends together, on SQLite and on PostgreSQL: each
/// answer is its own query's, in the order given, and a query that fails fails the call with its
/// own error and leaves the connection answering the statements after it.
@Suite struct QueriedTogetherContractTests {
  /// Runs `body` on one connection of an empty catalogue of `backend`.
  private func onConnection<T: Sendable>(
    _ backend: Backend, _ body: @escaping @Sendable (any CatalogueSQL) throws -> T
  ) async throws -> T {
    try await withEmptyCatalogue(backend) { catalogue in
      let catalogue = try #require(catalogue as? any SQLCatalogue)
      return try await catalogue.withConnection { try body($0.sql) }
    }
  }

  /// A query whose one row holds `value`.
  private static func echo(_ value: Int64) -> SQLQuery {
    SQLQuery("SELECT CAST(? AS BIGINT) AS n", [value])
  }

  @Test(arguments: Backend.allCases)
  func answersEachQueryWithItsOwnRowsInOrder(_ backend: Backend) async throws {
    let (numbers, names) = try await onConnection(backend) { sql in
      for name in ["Shop", "Bank"] {
        _ = try AuditOperations(sql: sql).addProduct(name: name, platforms: [], url: nil, actor: "Ana")
      }
      let answers = try sql.reading {
        try sql.queries([
          Self.echo(7),
          SQLQuery("SELECT CAST(? AS BIGINT) AS n WHERE 1 = 0", [Int64(8)]),
          SQLQuery(
            "SELECT CAST(? AS BIGINT) AS n UNION ALL SELECT CAST(? AS BIGINT) ORDER BY n",
            [Int64(2), Int64(1)]),
          .fetching(ProductNames.self, "ORDER BY id"),
          Self.echo(9),
        ])
      }
      return (
        answers.enumerated().filter { $0.offset != 3 }.map { $0.element.map { $0.int64("n") ?? -1 } },
        try answers[3].map { try ProductNames.decode($0).name }
      )
    }
    #expect(numbers == [[7], [], [1, 2], [9]])
    #expect(names == ["Shop", "Bank"])
  }

  @Test(arguments: Backend.allCases)
  func aFailingQueryFailsTheCallAndTheConnectionGoesOn(_ backend: Backend) async throws {
    let (failure, inSnapshot, after) = try await onConnection(backend) { sql in
      let batch = [Self.echo(1), SQLQuery("SELECT n FROM no_such_table"), Self.echo(3)]
      let failure = #expect(throws: (any Error).self) { try sql.queries(batch) }
      // In a snapshot the failure ends it; the snapshot's rollback leaves the connection usable.
      let inSnapshot = #expect(throws: (any Error).self) { try sql.reading { try sql.queries(batch) } }
      let after = try sql.queries([Self.echo(4), Self.echo(5)]).map { $0.map { $0.int64("n") ?? -1 } }
      return (failure.map { "\($0)" } ?? "", inSnapshot.map { "\($0)" } ?? "", after)
    }
    #expect(failure.contains("no_such_table"))
    #expect(inSnapshot.contains("no_such_table"))
    #expect(after == [[4], [5]])
  }
}

/// The product table's names, to read a table through ``SQLQuery/fetching(_:_:_:)``.
private struct ProductNames: TableRecord {
  static let table = "product"
  static let columns = ["name"]
  let name: String
  init(row: Row) throws { name = try row.decode("name") }
}
