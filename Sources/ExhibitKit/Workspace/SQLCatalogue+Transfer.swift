import ExhibitStorage

// `exhibit migrate`'s copy of every SQL catalogue (``CatalogueTransfer``), on a connection the
// engine lends.

extension SQLCatalogue {
  /// Every row of the tables both engines hold, in one snapshot (``CatalogueStorage``).
  public func catalogueRows() async throws -> CatalogueRows {
    try await withConnection { try CatalogueTransfer(sql: $0.sql).rows() }
  }

  /// Writes `rows` as they are into this empty catalogue, in one transaction (``CatalogueStorage``).
  public func insertCatalogueRows(_ rows: CatalogueRows) async throws {
    let location = location
    try await withConnection { try CatalogueTransfer(sql: $0.sql).insert(rows, location: location) }
  }

  /// How many audit events and criteria documents the catalogue holds: an empty one has none.
  /// - Returns: The two counts.
  /// - Throws: The engine's error.
  package func catalogueSize() async throws -> (events: Int, documents: Int) {
    let counts = try await withConnection { connection in
      let size = try CatalogueTransfer(sql: connection.sql).size()
      return [size.events, size.documents]
    }
    return (counts[0], counts[1])
  }
}
