internal import CSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// `exhibit_bm25(fts, filters [, rows...])`: FTS5's bm25 for an index whose first column is the
/// text and whose last `filters` phrases of the query only select rows (filter tokens in a later
/// column, such as a component or platform). The optional `rows` give, for each of the other
/// phrases in order, how many rows hold it, as FTS5 would count them for the phrase's IDF; a
/// caller that keeps those counts spares the function a pass over every matching row. When
/// their number is not the number of phrases, they are ignored and the rows are counted.
///
/// The score is the one FTS5's own `bm25()` gives over the text column alone: the same
/// constants (k1 = 1.2, b = 0.75), each query phrase's IDF from the rows that hold it, the row's
/// length and the average length taken from the text column only, and the same arithmetic in
/// the same order. The filter phrases add nothing to the score and their rows are not counted,
/// so a filter narrows the rows without changing how they rank.
public enum FilteredBM25 {
  /// The function's name in SQL.
  public static let name = "exhibit_bm25"

  /// Registers the function on a connection through FTS5's `fts5_api`.
  /// - Throws: ``SQLiteError`` when FTS5 is not available.
  static func register(on handle: OpaquePointer, path: String) throws {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK else {
      sqlite3_finalize(statement)
      throw SQLiteError(
        extendedCode: sqlite3_extended_errcode(handle), message: "FTS5 is not available", path: path)
    }
    defer { sqlite3_finalize(statement) }
    var api: UnsafeMutablePointer<fts5_api>?
    let step = withUnsafeMutablePointer(to: &api) { pointer in
      sqlite3_bind_pointer(statement, 1, pointer, fts5PointerType, nil)
      return sqlite3_step(statement)
    }
    guard step == SQLITE_ROW || step == SQLITE_DONE, let api, let create = api.pointee.xCreateFunction else {
      throw SQLiteError(
        extendedCode: sqlite3_extended_errcode(handle), message: "FTS5 gave no extension API", path: path)
    }
    let code = create(api, name, nil, score, nil)
    guard code == SQLITE_OK else {
      throw SQLiteError(extendedCode: code, message: "cannot register \(name)", path: path)
    }
  }
}

/// The pointer type FTS5 checks in `SELECT fts5(?1)`; it must outlive the statement.
nonisolated(unsafe) private let fts5PointerType: UnsafeMutablePointer<CChar> = strdup("fts5_api_ptr")

/// What one query computes once: the average text length and each user phrase's IDF.
private struct QueryStatistics {
  var averageLength: Double
  var inverseFrequencies: [Double]
}

/// Counts the rows `xQueryPhrase` visits.
private let countRow:
  @convention(c) (UnsafePointer<Fts5ExtensionApi>?, OpaquePointer?, UnsafeMutableRawPointer?)
    -> Int32 = { _, _, counter in
      counter?.assumingMemoryBound(to: Int64.self).pointee += 1
      return SQLITE_OK
    }

private let score: fts5_extension_function = { api, fts, context, argumentCount, arguments in
  guard let api, let fts, let context else { return }
  let functions = api.pointee
  let filters = argumentCount > 0 ? Int32(sqlite3_value_int(arguments?[0])) : 0
  let phrases = max(0, functions.xPhraseCount(fts) - max(0, filters))
  let k1 = 1.2
  let b = 0.75

  // The query's statistics, computed on the first row and kept with the cursor.
  var statistics: UnsafeMutablePointer<QueryStatistics>
  if let kept = functions.xGetAuxdata(fts, 0) {
    statistics = kept.assumingMemoryBound(to: QueryStatistics.self)
  } else {
    var rows: Int64 = 0
    var tokens: Int64 = 0
    var code = functions.xRowCount(fts, &rows)
    if code == SQLITE_OK { code = functions.xColumnTotalSize(fts, 0, &tokens) }
    var inverseFrequencies: [Double] = []
    let given = argumentCount - 1 == phrases ? arguments : nil
    for phrase in 0..<phrases where code == SQLITE_OK {
      var hits: Int64 = 0
      if let given {
        hits = sqlite3_value_int64(given[Int(phrase) + 1])
      } else {
        code = functions.xQueryPhrase(fts, phrase, &hits, countRow)
      }
      var inverseFrequency = log((Double(rows - hits) + 0.5) / (Double(hits) + 0.5))
      if inverseFrequency <= 0.0 { inverseFrequency = 1e-6 }
      inverseFrequencies.append(inverseFrequency)
    }
    guard code == SQLITE_OK, rows > 0 else {
      sqlite3_result_error_code(context, code == SQLITE_OK ? SQLITE_ERROR : code)
      return
    }
    statistics = UnsafeMutablePointer<QueryStatistics>.allocate(capacity: 1)
    statistics.initialize(
      to: QueryStatistics(
        averageLength: Double(tokens) / Double(rows), inverseFrequencies: inverseFrequencies))
    let stored = functions.xSetAuxdata(fts, statistics) { pointer in
      guard let pointer else { return }
      let typed = pointer.assumingMemoryBound(to: QueryStatistics.self)
      typed.deinitialize(count: 1)
      typed.deallocate()
    }
    guard stored == SQLITE_OK else {
      sqlite3_result_error_code(context, stored)
      return
    }
  }

  // This row: how often each user phrase occurs in the text column, and the text's length.
  var frequencies = [Double](repeating: 0, count: Int(phrases))
  var instances: Int32 = 0
  var code = functions.xInstCount(fts, &instances)
  var index: Int32 = 0
  while code == SQLITE_OK && index < instances {
    var phrase: Int32 = 0
    var column: Int32 = 0
    var offset: Int32 = 0
    code = functions.xInst(fts, index, &phrase, &column, &offset)
    if code == SQLITE_OK && column == 0 && phrase < phrases { frequencies[Int(phrase)] += 1.0 }
    index += 1
  }
  var length: Int32 = 0
  if code == SQLITE_OK { code = functions.xColumnSize(fts, 0, &length) }
  guard code == SQLITE_OK else {
    sqlite3_result_error_code(context, code)
    return
  }
  let size = Double(length)
  var total = 0.0
  for phrase in 0..<Int(phrases) {
    let frequency = frequencies[phrase]
    total +=
      statistics.pointee.inverseFrequencies[phrase]
      * ((frequency * (k1 + 1.0)) / (frequency + k1 * (1 - b + b * size / statistics.pointee.averageLength)))
  }
  sqlite3_result_double(context, -1.0 * total)
}
