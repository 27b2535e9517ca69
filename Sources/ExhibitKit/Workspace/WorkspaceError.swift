/// An error about the workspace: where the database and media live.
public enum WorkspaceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A command that only reads found no database.
  case noDatabase(path: String)
  /// A folder or file of the workspace could not be created.
  case cannotCreate(path: String, reason: String)

  public var description: String {
    switch self {
    case .noDatabase(let path):
      "\(path): no Exhibit database here; run `exhibit init` in your workspace folder, "
        + "or pass --db PATH (or set EXHIBIT_DB)"
    case .cannotCreate(let path, let reason):
      "\(path): cannot create: \(reason)"
    }
  }
}
