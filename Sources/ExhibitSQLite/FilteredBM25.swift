internal import CSQLite
import ExhibitStorage

#if canImport(Glibc)
  import Glibc
#endif

/// `exhibit_bm25(fts, filters [, sizes [, rows...]])`: FTS5's bm25 for an index whose first column
/// is the text and whose last `filters` phrases of the query only select rows (filter tokens in a
/// later column, such as a component or platform). `sizes` is the row's record in the index's
/// `_docsize` table (its `sz` blob), which a query can read through a join on the row id for less
/// than FTS5 spends looking it up row by row; when it is NULL or not a blob, FTS5 is asked. The
/// optional `rows` give, for each of the other phrases in order, how many rows hold it, as FTS5
/// would count them for the phrase's IDF; a caller that keeps those counts spares the function a
/// pass over every matching row. When their number is not the number of phrases, they are
/// ignored and the rows are counted.
///
/// The score is the one FTS5's own `bm25()` gives over the text column alone: the same
/// constants (k1 = 1.2, b = 0.75), each query phrase's IDF from the rows that hold it, the row's
/// length and the average length taken from the text column only, and the same arithmetic in
/// the same order. The filter phrases add nothing to the score and their rows are not counted,
/// so a filter narrows the rows without changing how they rank. On an index of one column and
/// no filters, it is `bm25()` itself.
///
/// `exhibit_bm25_weighted(fts, sizes, weight..., [rows...])` is `bm25(fts, weight...)` (every
/// column, each instance of a phrase counting its column's weight, the row's length summed over
/// its columns), with one weight per column, and `sizes` and `rows` as above.
public enum FilteredBM25 {
  /// The function's name in SQL.
  public static let name = "exhibit_bm25"
  /// The name of the function that weighs every column, as `bm25()` with weights does.
  public static let weightedName = "exhibit_bm25_weighted"

  /// The function that scores a row of one index as `exhibit_bm25` would score it in another
  /// that holds the same rows (``besideScore``).
  public static let besideName = "exhibit_bm25_beside"

  /// Registers the functions on a connection through FTS5's `fts5_api`, and ``WordPairs``,
  /// which makes its tokenizer through the same API.
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
    for (function, implementation) in [
      (name, textScore), (weightedName, weightedScore), (besideName, besideScore),
    ] {
      let code = create(api, function, nil, implementation, nil)
      guard code == SQLITE_OK else {
        throw SQLiteError(extendedCode: code, message: "cannot register \(function)", path: path)
      }
    }
    try WordPairs.register(on: handle, api: api, path: path)
  }
}

/// The pointer type FTS5 checks in `SELECT fts5(?1)`; it must outlive the statement.
nonisolated(unsafe) private let fts5PointerType: UnsafeMutablePointer<CChar> = strdup("fts5_api_ptr")

/// `exhibit_bm25(fts, filters [, sizes [, rows...]])`: the text column alone.
private let textScore: fts5_extension_function = { api, fts, context, argumentCount, arguments in
  guard let api, let fts, let context else { return }
  let filters = argumentCount > 0 ? Int32(sqlite3_value_int(arguments?[0])) : 0
  let phrases = max(0, api.pointee.xPhraseCount(fts) - max(0, filters))
  rank(
    api.pointee, fts, context, phrases: phrases, weights: nil,
    sizes: argumentCount > 1 ? arguments?[1] : nil,
    phraseRows: argumentCount - 2 == phrases ? arguments.map { $0 + 2 } : nil)
}

/// `exhibit_bm25_beside(fts, filters, sizes, indexRows, indexTokens [, rows...])`: the score
/// `exhibit_bm25` gives the same row in another index of the same rows, whose row count and
/// text tokens in all are `indexRows` and `indexTokens` (its averages) and whose `_docsize`
/// record for the row is `sizes`, which must be given. The caption pair index ranks a phrase of
/// two words this way: a pair occurs in a row as often as the phrase does, and the row's length
/// and the averages are the caption index's.
private let besideScore: fts5_extension_function = { api, fts, context, argumentCount, arguments in
  guard let api, let fts, let context else { return }
  guard argumentCount >= 4, let arguments, sqlite3_value_type(arguments[1]) == SQLITE_BLOB else {
    sqlite3_result_error(
      context, "\(FilteredBM25.besideName): give the filters, the row's sizes and the index's averages", -1)
    return
  }
  let filters = Int32(sqlite3_value_int(arguments[0]))
  let phrases = max(0, api.pointee.xPhraseCount(fts) - max(0, filters))
  rank(
    api.pointee, fts, context, phrases: phrases, weights: nil, sizes: arguments[1],
    phraseRows: argumentCount - 4 == phrases ? arguments + 4 : nil,
    totals: (rows: sqlite3_value_int64(arguments[2]), tokens: sqlite3_value_int64(arguments[3])))
}

/// `exhibit_bm25_weighted(fts, sizes, weight..., [rows...])`: every column, weighted.
private let weightedScore: fts5_extension_function = { api, fts, context, argumentCount, arguments in
  guard let api, let fts, let context else { return }
  let columns = api.pointee.xColumnCount(fts)
  guard argumentCount >= 1 + columns, let arguments else {
    sqlite3_result_error(
      context, "\(FilteredBM25.weightedName): give the sizes and a weight for each column", -1)
    return
  }
  let phrases = api.pointee.xPhraseCount(fts)
  // Read once a query, when its statistics are made; the weights of later rows are the first's.
  let weights =
    api.pointee.xGetAuxdata(fts, 0) != nil
    ? [] : (0..<Int(columns)).map { sqlite3_value_double(arguments[1 + $0]) }
  rank(
    api.pointee, fts, context, phrases: phrases, weights: weights, sizes: arguments[0],
    phraseRows: argumentCount - 1 - columns == phrases ? arguments + Int(1 + columns) : nil)
}

/// What one query computes once: the average length, each phrase's IDF, and the column weights
/// (nil when the text column alone counts).
private struct QueryStatistics {
  var averageLength: Double
  var inverseFrequencies: [Double]
  var weights: [Double]?
}

/// Counts the rows `xQueryPhrase` visits.
private let countRow:
  @convention(c) (UnsafePointer<Fts5ExtensionApi>?, OpaquePointer?, UnsafeMutableRawPointer?)
    -> Int32 = { _, _, counter in
      counter?.assumingMemoryBound(to: Int64.self).pointee += 1
      return SQLITE_OK
    }

// Long: the ranking function's per-row loop, kept in one body so the work per row stays inlined (it runs for every match).
/// Scores the current row as FTS5's `bm25()` does, over the first `phrases` phrases.
/// - Parameters:
///   - functions: FTS5's extension functions.
///   - fts: The FTS5 cursor the row is on.
///   - context: Where the score goes.
///   - phrases: How many of the query's phrases score (the rest only filter).
///   - weights: One weight per column, every column counting; nil for the text column alone.
///     Read on a query's first row only.
///   - sizes: The row's `_docsize` record, or nil (or not a blob) to ask FTS5.
///   - phraseRows: `phrases` values giving each phrase's row count, or nil to count them.
///   - totals: The row count and text tokens to average over, or nil for the index's own.
private func rank(
  _ functions: Fts5ExtensionApi, _ fts: OpaquePointer, _ context: OpaquePointer, phrases: Int32,
  weights: [Double]?, sizes: OpaquePointer?, phraseRows: UnsafeMutablePointer<OpaquePointer?>?,
  totals: (rows: Int64, tokens: Int64)? = nil
) {
  let k1 = 1.2
  let b = 0.75
  // The query's statistics, computed on the first row and kept with the cursor.
  var statistics: UnsafeMutablePointer<QueryStatistics>
  if let kept = functions.xGetAuxdata(fts, 0) {
    statistics = kept.assumingMemoryBound(to: QueryStatistics.self)
  } else {
    var rows: Int64 = 0
    var tokens: Int64 = 0
    var code = SQLITE_OK
    if let totals {
      (rows, tokens) = totals
    } else {
      code = functions.xRowCount(fts, &rows)
      if code == SQLITE_OK { code = functions.xColumnTotalSize(fts, weights == nil ? 0 : -1, &tokens) }
    }
    var inverseFrequencies: [Double] = []
    for phrase in 0..<phrases where code == SQLITE_OK {
      var hits: Int64 = 0
      if let phraseRows {
        hits = sqlite3_value_int64(phraseRows[Int(phrase)])
      } else {
        code = functions.xQueryPhrase(fts, phrase, &hits, countRow)
      }
      // A count is never outside 0...rows; one given from outside that is would make the score NaN.
      hits = min(max(hits, 0), rows)
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
        averageLength: Double(tokens) / Double(rows), inverseFrequencies: inverseFrequencies, weights: weights
      ))
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
  let weights = statistics.pointee.weights

  // This row: how often each phrase occurs (weighted by column, or in the text column), and the
  // row's length. Each scoring phrase's instances are walked in its own position list, in the
  // order `xInst` gives them (column, then offset), so the sums are the same, without the array of
  // every phrase's instances, the filter phrases' too, that FTS5 builds for `xInst`.
  var length: Int32 = 0
  var code = SQLITE_OK
  if !rowLength(in: sizes, allColumns: weights != nil, into: &length) {
    code = functions.xColumnSize(fts, weights == nil ? 0 : -1, &length)
  }
  let total = withUnsafeTemporaryAllocation(of: Double.self, capacity: Int(phrases)) { frequencies in
    frequencies.initialize(repeating: 0)
    var phrase: Int32 = 0
    while code == SQLITE_OK && phrase < phrases {
      var instances = Fts5PhraseIter()
      var column: Int32 = 0
      var offset: Int32 = 0
      code = functions.xPhraseFirst(fts, phrase, &instances, &column, &offset)
      while code == SQLITE_OK && column >= 0 {
        if let weights {
          frequencies[Int(phrase)] += Int(column) < weights.count ? weights[Int(column)] : 1.0
        } else if column == 0 {
          frequencies[Int(phrase)] += 1.0
        }
        functions.xPhraseNext(fts, &instances, &column, &offset)
      }
      phrase += 1
    }
    let size = Double(length)
    var total = 0.0
    for phrase in 0..<Int(phrases) {
      let frequency = frequencies[phrase]
      total +=
        statistics.pointee.inverseFrequencies[phrase]
        * ((frequency * (k1 + 1.0)) / (frequency + k1 * (1 - b + b * size / statistics.pointee.averageLength)))
    }
    return total
  }
  guard code == SQLITE_OK else {
    sqlite3_result_error_code(context, code)
    return
  }
  sqlite3_result_double(context, -1.0 * total)
}

/// A row's length from its `_docsize` record, a SQLite varint per column (big-endian groups of
/// seven bits, a set high bit meaning more follow; a ninth byte gives all eight): the first
/// column's, or the sum of all.
/// - Returns: Whether `value` was a record that held it; when not, FTS5 is to be asked.
private func rowLength(in value: OpaquePointer?, allColumns: Bool, into length: inout Int32) -> Bool {
  guard let value, sqlite3_value_type(value) == SQLITE_BLOB else { return false }
  let count = Int(sqlite3_value_bytes(value))
  guard count > 0, let bytes = sqlite3_value_blob(value)?.assumingMemoryBound(to: UInt8.self) else {
    return false
  }
  var sum: UInt64 = 0
  var start = 0
  while start < count {
    var decoded: UInt64 = 0
    var next = start
    while true {
      guard next < count else { return false }
      let byte = bytes[next]
      next += 1
      if next - start == 9 {
        decoded = decoded << 8 | UInt64(byte)
        break
      }
      decoded = decoded << 7 | UInt64(byte & 0x7f)
      if byte & 0x80 == 0 { break }
    }
    sum += decoded
    guard sum <= UInt64(Int32.max) else { return false }
    guard allColumns else { break }
    start = next
  }
  length = Int32(sum)
  return true
}
