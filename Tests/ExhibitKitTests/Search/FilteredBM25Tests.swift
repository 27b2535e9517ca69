import ExhibitSQLite
import ExhibitStorage
import Foundation
import Testing

/// `exhibit_bm25` scores a text column with filter tokens beside it exactly as FTS5's `bm25`
/// scores the same text alone, so filtering by component or platform never reorders hits.
@Suite struct FilteredBM25Tests {
  private static let texts = [
    "Checkbox, not checked, double tap to toggle", "checked", "Accept terms, checkbox, checked",
    "dimmed checkbox not checked", "Double tap to activate", "button", "toggle button, on",
    "email me updates, checkbox, not checked, double tap to toggle", "checked checked checked", "tap",
    // Longer than 127 words: its length takes two bytes in the index's record of lengths.
    "checkbox " + String(repeating: "settings row, ", count: 70) + "checked",
  ]

  private func database() throws -> Connection {
    let connection = try Connection(path: ":memory:")
    try connection.execute(
      """
      CREATE VIRTUAL TABLE alone USING fts5 (text, tokenize = 'porter unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE filtered USING fts5 (text, scope, tokenize = 'porter unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE labelled USING fts5 (label, text, tokenize = 'porter unicode61 remove_diacritics 2');
      """)
    for (index, text) in Self.texts.enumerated() {
      let scope = "zc\(index % 3)0 zp\(index % 2 == 0 ? "ios" : "android")0"
      try connection.execute("INSERT INTO alone (rowid, text) VALUES (?, ?)", [index + 1, text])
      try connection.execute(
        "INSERT INTO filtered (rowid, text, scope) VALUES (?, ?, ?)", [index + 1, text, scope])
      try connection.execute(
        "INSERT INTO labelled (rowid, label, text) VALUES (?, ?, ?)",
        [index + 1, Self.texts[(index + 3) % Self.texts.count], text])
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
    "\"checkbox\" NOT \"dimmed\"", "NEAR(\"checked\" \"tap\", 2)",
    "NEAR(\"checkbox\" \"checked\", 1)", "\"double tap\" \"tap\"",
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

  /// Each phrase's row count, as a caller that keeps them passes it.
  private func rowCounts(_ connection: Connection, _ table: String, _ phrases: [String], column: String?)
    throws -> String
  {
    try phrases.map { phrase in
      let match = (column.map { "\($0) : " } ?? "") + "(\(phrase))"
      let count: Int64 =
        try connection.first(
          "SELECT count(*) AS n FROM \(table) WHERE \(table) MATCH ?", [match])?.decode("n") ?? -1
      return ", \(count)"
    }.joined()
  }

  @Test(arguments: [
    (["\"checked\""], "\"checked\""), (["\"checkbox\"", "\"toggle\""], "\"checkbox\" \"toggle\""),
    (["\"che\"*"], "\"che\"*"), (["\"checked\"", "\"button\""], "\"checked\" OR \"button\""),
  ])
  func lengthsReadFromTheDocsizeTableScoreAsFTS5sLookup(phrases: [String], expression: String) throws {
    let connection = try database()
    let looked = try scores(
      connection,
      "SELECT rowid AS id, exhibit_bm25(filtered, 1) AS score FROM filtered WHERE filtered MATCH ?",
      "text : (\(expression)) AND scope : zpios0")
    #expect(!looked.isEmpty)
    let counts = try rowCounts(connection, "filtered", phrases, column: "text")
    let joined = try scores(
      connection,
      """
      SELECT filtered.rowid AS id, exhibit_bm25(filtered, 1, d.sz\(counts)) AS score
      FROM filtered LEFT JOIN filtered_docsize d ON d.id = filtered.rowid WHERE filtered MATCH ?
      """, "text : (\(expression)) AND scope : zpios0")
    #expect(joined == looked)
    // A value that is not a whole record is not trusted: FTS5 is asked instead.
    for bad in ["NULL", "'3'", "x''", "x'85'", "x'8080808080808080'"] {
      let fallen = try scores(
        connection,
        "SELECT rowid AS id, exhibit_bm25(filtered, 1, \(bad)) AS score FROM filtered WHERE filtered MATCH ?",
        "text : (\(expression)) AND scope : zpios0")
      #expect(fallen == looked, "sizes \(bad)")
    }
  }

  @Test(arguments: [
    (["\"checked\""], "\"checked\""), (["\"checkbox\"", "\"toggle\""], "\"checkbox\" \"toggle\""),
    (["\"double tap\""], "\"double tap\""), (["\"che\"*"], "\"che\"*"),
    (["\"checkbox\"", "\"dimmed\""], "\"checkbox\" NOT \"dimmed\""),
  ])
  func weightedScoresEqualFTS5sWeightedBM25(phrases: [String], expression: String) throws {
    let connection = try database()
    let own = try scores(
      connection,
      "SELECT rowid AS id, bm25(labelled, 4.0, 1.0) AS score FROM labelled WHERE labelled MATCH ?",
      expression)
    #expect(!own.isEmpty)
    #expect(Set(own.values).count > 1, "the rows rank apart")
    let counts = try rowCounts(connection, "labelled", phrases, column: nil)
    for (sizes, rows) in [("NULL", ""), ("d.sz", ""), ("d.sz", counts), ("NULL", counts)] {
      let weighted = try scores(
        connection,
        """
        SELECT labelled.rowid AS id, exhibit_bm25_weighted(labelled, \(sizes), 4.0, 1.0\(rows)) AS score
        FROM labelled LEFT JOIN labelled_docsize d ON d.id = labelled.rowid WHERE labelled MATCH ?
        """, expression)
      #expect(weighted == own, "sizes \(sizes), rows\(rows)")
    }
  }

  @Test func theWeightedFunctionNeedsAWeightForEachColumn() throws {
    let connection = try database()
    #expect(throws: SQLiteError.self) {
      try connection.query(
        "SELECT exhibit_bm25_weighted(labelled, NULL, 4.0) FROM labelled WHERE labelled MATCH 'checked'")
    }
  }
}
