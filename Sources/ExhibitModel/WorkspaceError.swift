/// An error about the workspace: where the database and media live.
public enum WorkspaceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A command that only reads found no database.
  case noDatabase(path: String)
  /// A folder or file of the workspace could not be created.
  case cannotCreate(path: String, reason: String)
  /// A command that writes found the database, or the folder its journal goes in, read-only.
  case readOnly(path: String, reason: String)
  /// The path is not an Exhibit database (another application's, not SQLite, not a file).
  case notExhibitDatabase(path: String, reason: String)
  /// The disk holding the database has no room for what SQLite must write to open it.
  case diskFull(folder: String, free: Int64)
  /// The last writer ended without closing, and SQLite's quick check finds the file damaged.
  case damaged(path: String, problem: String)
  /// The database named is on a server (a `postgres://` URL, shown without its password), which
  /// this Exhibit's catalogue does not run on yet.
  case serverDatabase(url: String)
  /// `migrate` copies into an empty catalogue only, and this one holds one.
  case notEmpty(String, events: Int)
  /// `migrate` refuses a catalogue whose audit chain does not verify.
  case brokenChain(String, problem: String)
  /// What `migrate` read back from its copy is not what it copied, in these tables.
  case copyDiffers(String, tables: [String])

  public var description: String {
    switch self {
    case .noDatabase(let path):
      "\(path): no Exhibit database here; run `exhibit init` in your workspace folder, "
        + "or pass --db PATH (or set EXHIBIT_DB)"
    case .cannotCreate(let path, let reason):
      "\(path): cannot create: \(reason)"
    case .readOnly(let path, let reason):
      "\(path): the database is read-only (\(reason)); nothing was changed. Exhibit writes the "
        + "database and, beside it, its -wal and -shm files: make the folder writable, or copy the "
        + "workspace somewhere that is"
    case .diskFull(let folder, let free):
      "the disk holding \(folder) is full (\(free / 1024) KiB free): nothing was changed; free some "
        + "space there and run the command again"
    case .damaged(let path, let problem):
      "\(path): the database is damaged (\(problem)), found after the last writer ended without closing it; "
        + "nothing was written. Keep a copy, then restore the workspace from a backup, or recover what it "
        + "holds with `sqlite3 \(path) .recover | sqlite3 recovered.sqlite` and check it with `exhibit verify`"
    case .notEmpty(let location, let events):
      "\(location): already holds a catalogue (\(events) audit events); migrate copies into an empty one "
        + "only, so nothing was copied"
    case .copyDiffers(let location, let tables):
      "\(location): the copy's \(tables.joined(separator: ", ")) differ from the source's; do not use it"
    case .brokenChain(let location, let problem):
      "\(location): the audit chain does not verify (\(problem)); run `exhibit verify`; nothing was copied"
    case .serverDatabase(let url):
      "\(url): this opens a workspace's SQLite file, not a PostgreSQL catalogue. Nothing was created; pass --db PATH (or set EXHIBIT_DB) to a SQLite file, "
        + "e.g. Database/exhibit.sqlite"
    case .notExhibitDatabase(let path, let reason):
      "\(path): not an Exhibit database: \(reason); it was left untouched. Pass --db PATH (or set "
        + "EXHIBIT_DB) to a workspace's Database/exhibit.sqlite"
    }
  }
}
