import ExhibitSQLite
import Foundation
import Testing

/// `exhibit_bm25` scores a text column with filter tokens beside it exactly as FTS5's `bm25`
/// scores the same text alone, so filtering by component or platform never reorders hits.
@Suite struct FilteredBM25Tests {
  private static let texts = [
    "Checkbox, not checked, double tap to toggle", "checked", "Accept terms, checkbox, checked",
    "dimmed checkbox not checked", "Double tap to activate", "button", "toggle button, on",
    "email me updates, checkbox, not checked, double tap to toggle", "checked checked checked", "tap",
  ]

  private func database() throws -> Connection {
    let connection = try Connection(path: ":memory:")
    try connection.execute(
      """
      CREATE VIRTUAL TABLE alone USING fts5 (text, tokenize = 'porter unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE filtered USING fts5 (text, scope, tokenize = 'porter unicode61 remove_diacritics 2');
      """)
    for (index, text) in Self.texts.enumerated() {
      let scope = "zc\(index % 3)0 zp\(index % 2 == 0 ? "ios" : "android")0"
      try connection.execute("INSERT INTO alone (rowid, text) VALUES (?, ?)", [index + 1, text])
      try connection.execute(
        "INSERT INTO filtered (rowid, text, scope) VALUES (?, ?, ?)", [index + 1, text, scope])
    }
    return connection
  }

  private func scores(_ connection: Connection, _ sql: String, _ match: String) throws -> [Int64: Double] {
    var result: [Int64: Double] = [:]
    for row in try connection.query(sql, [match]) {
      result[try row.decode("id")] = try row.decode("score")
    }
    return result
  }

  @Test(arguments: [
    "\"checked\"", "\"checkbox\" \"toggle\"", "\"double tap\"", "\"che\"*", "\"checked\" OR \"button\"",
    "\"checkbox\" NOT \"dimmed\"",
  ])
  func scoresEqualFTS5sOwnOnTheTextAlone(expression: String) throws {
    let connection = try database()
    let alone = try scores(
      connection, "SELECT rowid AS id, bm25(alone) AS score FROM alone WHERE alone MATCH ?", expression)
    #expect(!alone.isEmpty)
    let unfiltered = try scores(
      connection,
      "SELECT rowid AS id, exhibit_bm25(filtered, 0) AS score FROM filtered WHERE filtered MATCH ?",
      "text : (\(expression))")
    #expect(unfiltered == alone)
    // Filtered: the rows of one component and platform, each scored as before.
    let filtered = try scores(
      connection,
      "SELECT rowid AS id, exhibit_bm25(filtered, 2) AS score FROM filtered WHERE filtered MATCH ?",
      "text : (\(expression)) AND scope : zc10 AND scope : zpandroid0")
    #expect(!filtered.isEmpty || alone.keys.allSatisfy { ($0 - 1) % 3 != 1 || ($0 - 1) % 2 == 0 })
    for (id, score) in filtered {
      #expect(alone[id] == score, "row \(id)")
      #expect((id - 1) % 3 == 1 && (id - 1) % 2 == 1)
    }
  }
}
