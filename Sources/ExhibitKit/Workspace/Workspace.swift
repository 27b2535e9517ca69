import Foundation

/// A workspace: a folder with `Media/` (recordings and captions) and `Database/exhibit.sqlite`.
public struct Workspace: Sendable {
  /// The workspace folder.
  public let root: URL

  /// The database path inside a workspace, relative to its root.
  public static let databaseRelativePath = "Database/exhibit.sqlite"
  /// The media folder inside a workspace, relative to its root.
  public static let mediaFolderName = "Media"
  /// The environment variable that names the database when `--db` is absent.
  public static let databaseEnvironmentVariable = "EXHIBIT_DB"

  /// A workspace rooted at `root`.
  public init(root: URL) {
    self.root = root.standardizedFileURL
  }

  /// The database file of this workspace.
  public var databasePath: String { root.appendingPathComponent(Self.databaseRelativePath).path }
  /// The media folder of this workspace.
  public var mediaPath: String { root.appendingPathComponent(Self.mediaFolderName).path }

  /// Decides which database a command uses: `--db`, else `$EXHIBIT_DB`, else
  /// `./Database/exhibit.sqlite` under the current folder.
  ///
  /// - Parameters:
  ///   - explicit: The `--db` option, when given.
  ///   - environment: The process environment.
  ///   - currentDirectory: The folder relative paths are resolved against.
  /// - Returns: An absolute path.
  public static func resolveDatabasePath(
    explicit: String?, environment: [String: String], currentDirectory: String
  ) -> String {
    let chosen: String
    if let explicit, !explicit.isEmpty {
      chosen = explicit
    } else if let fromEnvironment = environment[databaseEnvironmentVariable], !fromEnvironment.isEmpty {
      chosen = fromEnvironment
    } else {
      chosen = databaseRelativePath
    }
    // A server's URL is passed on as it is, for the store to say what it can do with it.
    if DatabaseURL.isPostgres(chosen) { return chosen }
    if chosen.hasPrefix("/") { return (chosen as NSString).standardizingPath }
    return lexicallyStandardized(currentDirectory + "/" + chosen)
  }

  /// `path` (absolute) with its `.` and empty components left out and each `..` taking the
  /// component before it away, as `URL.standardizedFileURL` reads it, without Foundation's URL
  /// (which also asks the file system whether the path is a folder): a tenth of a millisecond of
  /// every command's start.
  static func lexicallyStandardized(_ path: String) -> String {
    var components: [Substring] = []
    for component in path.split(separator: "/") where component != "." {
      if component == ".." {
        _ = components.popLast()
      } else {
        components.append(component)
      }
    }
    // Appended one by one as strings: joining or appending substrings is generic code the
    // runtime looks up on its first use, a sixtieth of a reading command's start.
    var standardized = ""
    for component in components {
      standardized += "/"
      standardized += String(component)
    }
    return standardized.isEmpty ? "/" : standardized
  }

  /// What `exhibit init` did.
  public struct InitResult: Sendable, Equatable {
    /// The media folder.
    public let mediaPath: String
    /// The database file.
    public let databasePath: String
    /// Whether the media folder was made now (false when it was there already).
    public let createdMedia: Bool
    /// Whether the database file was made now.
    public let createdDatabase: Bool
  }

  /// Creates `Media/` and the database (migrated) when they are missing; leaves existing ones as
  /// they are.
  ///
  /// - Parameter databasePath: The database to create; defaults to this workspace's own.
  /// - Returns: What was created and what was already there.
  /// - Throws: ``WorkspaceError`` or a store error.
  public func initialize(databasePath: String? = nil) throws -> InitResult {
    try Store.refuseServerURL(databasePath ?? self.databasePath)
    let createdMedia = try initializeMedia()
    let database = databasePath ?? self.databasePath
    let createdDatabase = try Self.initializeDatabase(at: database)
    return InitResult(
      mediaPath: mediaPath, databasePath: database, createdMedia: createdMedia,
      createdDatabase: createdDatabase)
  }

  /// Makes the database file at `path` (migrated) unless it exists; an existing one is brought up
  /// to date.
  /// - Returns: Whether it was made now.
  /// - Throws: ``WorkspaceError`` or a store error.
  public static func initializeDatabase(at path: String) throws -> Bool {
    let existed = FileManager.default.fileExists(atPath: path)
    try Store.open(at: path, access: .write).close()
    return !existed
  }

  /// Creates `Media/` unless it exists: all `init` does locally when the catalogue is on a
  /// database server.
  /// - Returns: Whether it was created now.
  /// - Throws: ``WorkspaceError/cannotCreate(path:reason:)``, also when a file is in the way.
  public func initializeMedia() throws -> Bool {
    let fileManager = FileManager.default
    var isFolder: ObjCBool = false
    let mediaExisted = fileManager.fileExists(atPath: mediaPath, isDirectory: &isFolder)
    if mediaExisted && !isFolder.boolValue {
      throw WorkspaceError.cannotCreate(path: mediaPath, reason: "a file of that name is in the way")
    }
    if !mediaExisted {
      do {
        try fileManager.createDirectory(atPath: mediaPath, withIntermediateDirectories: true)
      } catch {
        throw WorkspaceError.cannotCreate(path: mediaPath, reason: error.localizedDescription)
      }
    }
    return !mediaExisted
  }
}
