import Testing

@testable import ExhibitPostgres

/// The writer's `?` placeholders as PostgreSQL's `$1`, `$2`…, without a server: quoted text and
/// names kept as they are, SQLite's `?N` kept at its number.
@Suite struct PlaceholderNumberingTests {
  @Test(arguments: [
    ("SELECT 1", "SELECT 1"),
    ("SELECT ? , ?", "SELECT $1 , $2"),
    ("WHERE a = ?2 OR ?2 IS NULL AND b = ?1", "WHERE a = $2 OR $2 IS NULL AND b = $1"),
    ("WHERE a = ?2 AND b = ?", "WHERE a = $2 AND b = $3"),
    ("WHERE note = 'why?' AND \"odd?name\" = ?", "WHERE note = 'why?' AND \"odd?name\" = $1"),
    ("WHERE t = 'it''s ?' AND u = ?", "WHERE t = 'it''s ?' AND u = $1"),
    ("SELECT 'Zoë Ødegård ✓', ? -- ünïcode", "SELECT 'Zoë Ødegård ✓', $1 -- ünïcode"),
    ("VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"),
  ])
  func numbersEachPlaceholderOutsideQuotes(_ sql: String, _ numbered: String) {
    #expect(PostgresCatalogueSQL.numberingPlaceholders(sql) == numbered)
  }
}
