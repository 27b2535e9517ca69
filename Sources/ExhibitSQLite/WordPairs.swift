internal import CSQLite
import ExhibitStorage

#if canImport(Glibc)
  import Glibc
#endif

/// `exhibit_word_pairs(text)`: every two neighbouring tokens of `text`, as the search indexes'
/// tokenizer (`porter unicode61 remove_diacritics 2`) makes them, joined by `_`, the pairs
/// separated by spaces: `Double-tap to toggle` gives `doubl_tap tap_to to_toggl`; a text of
/// fewer than two tokens gives an empty string, NULL gives NULL.
///
/// The caption pair index holds these, so a phrase of two words is one token there: FTS5 reads
/// its one list instead of walking the two words' lists together and checking positions in
/// every row that holds both. A token is made of letters, digits and private-use characters
/// only, so `_` never occurs in one and a pair names its two tokens exactly.
public enum WordPairs {
  /// The function's name in SQL.
  public static let name = "exhibit_word_pairs"

  /// Registers the function on a connection, with a tokenizer of its own made through `api`.
  /// - Throws: ``SQLiteError`` when FTS5 has no porter tokenizer or the function cannot be made.
  static func register(on handle: OpaquePointer, api: UnsafeMutablePointer<fts5_api>, path: String) throws {
    let tokenizer = try PairTokenizer(api: api, path: path)
    let context = Unmanaged.passRetained(tokenizer).toOpaque()
    let code = sqlite3_create_function_v2(
      handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, context, wordPairs, nil, nil
    ) { context in
      guard let context else { return }
      Unmanaged<PairTokenizer>.fromOpaque(context).release()
    }
    guard code == SQLITE_OK else {
      throw SQLiteError(extendedCode: code, message: "cannot register \(name)", path: path)
    }
  }
}

/// One connection's porter tokenizer, made with the search indexes' arguments.
private final class PairTokenizer {
  let functions: fts5_tokenizer
  let instance: OpaquePointer

  init(api: UnsafeMutablePointer<fts5_api>, path: String) throws {
    var context: UnsafeMutableRawPointer?
    var functions = fts5_tokenizer()
    guard let find = api.pointee.xFindTokenizer, find(api, "porter", &context, &functions) == SQLITE_OK,
      let create = functions.xCreate, functions.xTokenize != nil
    else {
      throw SQLiteError(extendedCode: SQLITE_ERROR, message: "FTS5 has no porter tokenizer", path: path)
    }
    let words: [String] = ["unicode61", "remove_diacritics", "2"]
    let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
    defer { arguments.forEach { free($0) } }
    var pointers: [UnsafePointer<CChar>?] = arguments.map { $0.map { UnsafePointer($0) } }
    var made: OpaquePointer?
    let code = create(context, &pointers, Int32(pointers.count), &made)
    guard code == SQLITE_OK, let made else {
      throw SQLiteError(extendedCode: code, message: "cannot make the porter tokenizer", path: path)
    }
    self.functions = functions
    instance = made
  }

  deinit {
    functions.xDelete?(instance)
  }
}

/// The pairs written so far and the token before the next.
private struct PairWriter {
  var output: [UInt8] = []
  var previous: [UInt8] = []
  var started = false

  mutating func add(_ token: UnsafeBufferPointer<UInt8>) {
    if started {
      if !output.isEmpty { output.append(0x20) }
      output.append(contentsOf: previous)
      output.append(UInt8(ascii: "_"))
      output.append(contentsOf: token)
    }
    previous.removeAll(keepingCapacity: true)
    previous.append(contentsOf: token)
    started = true
  }
}

/// Each token the tokenizer gives, but a second form of one it gave already (colocated).
private let collectToken:
  @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32 = {
    writer, flags, token, length, _, _ in
    guard let writer, flags & FTS5_TOKEN_COLOCATED == 0, let token, length > 0 else { return SQLITE_OK }
    let bytes = UnsafeRawPointer(token).assumingMemoryBound(to: UInt8.self)
    writer.assumingMemoryBound(to: PairWriter.self).pointee.add(
      UnsafeBufferPointer(start: bytes, count: Int(length)))
    return SQLITE_OK
  }

/// `exhibit_word_pairs(text)`.
private let wordPairs: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void =
  {
    context, count, arguments in
    guard let context, let arguments, count == 1, let tokenizerContext = sqlite3_user_data(context) else {
      return
    }
    let value = arguments[0]
    guard sqlite3_value_type(value) != SQLITE_NULL else {
      sqlite3_result_null(context)
      return
    }
    let tokenizer = Unmanaged<PairTokenizer>.fromOpaque(tokenizerContext).takeUnretainedValue()
    let text = sqlite3_value_text(value)
    let length = sqlite3_value_bytes(value)
    var writer = PairWriter()
    let code = withUnsafeMutablePointer(to: &writer) { pointer in
      text.map { text in
        tokenizer.functions.xTokenize?(
          tokenizer.instance, pointer, FTS5_TOKENIZE_DOCUMENT,
          UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self), length, collectToken) ?? SQLITE_ERROR
      } ?? SQLITE_OK
    }
    guard code == SQLITE_OK else {
      sqlite3_result_error_code(context, code)
      return
    }
    guard !writer.output.isEmpty else {
      sqlite3_result_text(context, "", 0, transientText)
      return
    }
    writer.output.withUnsafeBufferPointer { bytes in
      UnsafeRawPointer(bytes.baseAddress).map {
        sqlite3_result_text(
          context, $0.assumingMemoryBound(to: CChar.self), Int32(bytes.count), transientText)
      }
    }
  }

/// SQLite's `SQLITE_TRANSIENT`: the text is copied before the call returns.
private let transientText = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
