import Foundation

/// A problem with one file, for the catalogue's report.
public struct CatalogueProblem: Sendable, Equatable, Codable, CustomStringConvertible {
  public let path: String
  public let message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}

/// The files one catalogue run looks at: the recordings, their caption sidecars, and the
/// folders whose vanished files are to be marked missing.
public struct CatalogueScope: Sendable {
  /// File extensions of the containers we catalogue (the probe still checks the bytes); screenshots
  /// (``ImageProbe/extensions``) are catalogued beside them.
  public static let videoExtensions: Set<String> = ["webm", "mkv", "mp4", "m4v", "mov"]

  /// One recording candidate and its caption sidecars.
  public struct Video: Sendable, Equatable {
    /// Absolute path.
    public var path: String
    /// Absolute paths of the sidecars beside it, with the language each name gives.
    public var captions: [Caption]
  }

  /// A caption sidecar.
  public struct Caption: Sendable, Equatable {
    public var path: String
    public var language: String?
  }

  public private(set) var videos: [Video] = []
  /// Folders searched, absolute; stored files under them that are gone are marked missing.
  public private(set) var folders: [String] = []
  /// Files named on the command line, absolute; likewise marked missing when gone.
  public private(set) var files: [String] = []
  /// Caption files with no recording beside them.
  public private(set) var orphanCaptions: [String] = []
  /// Paths that could not be searched.
  public private(set) var problems: [CatalogueProblem] = []
  /// Symbolic links to folders and caption files, which are not followed: said, not silent.
  public private(set) var skippedLinks: [String] = []

  /// Finds the recordings under `paths` (files or folders, searched recursively; hidden
  /// entries and symbolic links to folders are not followed).
  ///
  /// Inside folders, files are recordings by extension; an entry with a video extension that
  /// is not a regular file (a folder named `x.webm`, a FIFO, a link) is kept so the probe can
  /// say what is wrong with it. A file named on the command line is a recording whatever its
  /// name, except a `.vtt`, which stands for the recording beside it.
  public init(paths: [String], currentDirectory: String = FileManager.default.currentDirectoryPath) {
    var seen = Set<PathKey>()
    for argument in paths {
      let path = Self.absolute(argument, from: currentDirectory)
      var status = stat()
      guard lstat(path, &status) == 0 else {
        problems.append(CatalogueProblem(path: path, message: String(cString: strerror(errno))))
        continue
      }
      if status.st_mode & S_IFMT == S_IFDIR {
        folders.append(path)
        searchFolder(path, seen: &seen)
      } else if path.lowercased().hasSuffix(".vtt") {
        let folder = (path as NSString).deletingLastPathComponent
        let listing = Self.list(folder)
        let name = (path as NSString).lastPathComponent
        let video = listing.files.first { candidate in
          Self.isVideoName(candidate)
            && WebVTT.sidecarLanguage(captionFile: name, videoStem: Self.stem(candidate)) != nil
        }
        if let video {
          add(folder: folder, videoNames: [video], listing: listing, seen: &seen)
          files.append((folder as NSString).appendingPathComponent(video))
        } else {
          orphanCaptions.append(path)
        }
      } else {
        files.append(path)
        let folder = (path as NSString).deletingLastPathComponent
        add(
          folder: folder, videoNames: [(path as NSString).lastPathComponent], listing: Self.list(folder),
          seen: &seen)
      }
    }
  }

  private mutating func searchFolder(_ folder: String, seen: inout Set<PathKey>) {
    let listing = Self.list(folder)
    if let problem = listing.problem {
      problems.append(CatalogueProblem(path: folder, message: problem))
      return
    }
    let videoNames = (listing.files + listing.others).filter(Self.isVideoName)
    add(folder: folder, videoNames: videoNames, listing: listing, seen: &seen)
    for other in listing.others where !Self.isVideoName(other) {
      let path = (folder as NSString).appendingPathComponent(other)
      var status = stat()
      if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { skippedLinks.append(path) }
    }
    noteCaptionNamesThatAreNotFiles(in: folder, listing)
    let captionNames = listing.files.filter { $0.lowercased().hasSuffix(".vtt") }
    let stems = videoNames.map(Self.stem)
    for caption in captionNames
    where !stems.contains(where: { WebVTT.sidecarLanguage(captionFile: caption, videoStem: $0) != nil }) {
      orphanCaptions.append((folder as NSString).appendingPathComponent(caption))
    }
    for subfolder in listing.folders {
      let path = (folder as NSString).appendingPathComponent(subfolder)
      if Self.isVideoName(subfolder) {
        add(folder: folder, videoNames: [subfolder], listing: listing, seen: &seen)
      } else {
        searchFolder(path, seen: &seen)
      }
    }
  }

  /// A FIFO, device or folder named like a caption file is not read as captions: said, not silent.
  /// (Symbolic links are listed in ``skippedLinks``.)
  private mutating func noteCaptionNamesThatAreNotFiles(in folder: String, _ listing: Listing) {
    for name in (listing.others + listing.folders).sorted() where name.lowercased().hasSuffix(".vtt") {
      let path = (folder as NSString).appendingPathComponent(name)
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      let kind: String
      switch status.st_mode & S_IFMT {
      case S_IFLNK: continue
      case S_IFDIR: kind = "a folder"
      case S_IFIFO: kind = "a FIFO"
      default: kind = "not a regular file"
      }
      problems.append(
        CatalogueProblem(path: path, message: "named like a caption file but \(kind): not read as captions"))
    }
  }

  private mutating func add(folder: String, videoNames: [String], listing: Listing, seen: inout Set<PathKey>)
  {
    let captionNames = listing.files.filter { $0.lowercased().hasSuffix(".vtt") }
    for name in videoNames.sorted() {
      let path = (folder as NSString).appendingPathComponent(name)
      guard seen.insert(PathKey(path)).inserted else { continue }
      let stem = Self.stem(name)
      let captions = captionNames.sorted().compactMap { caption -> Caption? in
        guard let language = WebVTT.sidecarLanguage(captionFile: caption, videoStem: stem) else { return nil }
        return Caption(path: (folder as NSString).appendingPathComponent(caption), language: language)
      }
      videos.append(Video(path: path, captions: captions))
    }
  }

  /// A folder's entries by kind; hidden entries are left out.
  struct Listing {
    var files: [String] = []
    var folders: [String] = []
    /// Anything else: FIFOs, devices, sockets, symbolic links.
    var others: [String] = []
    var problem: String?
  }

  static func list(_ folder: String) -> Listing {
    var listing = Listing()
    guard let directory = opendir(folder) else {
      listing.problem = String(cString: strerror(errno))
      return listing
    }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard !name.hasPrefix(".") else { continue }
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) {
        var status = stat()
        let path = (folder as NSString).appendingPathComponent(name)
        guard lstat(path, &status) == 0 else { continue }
        switch status.st_mode & S_IFMT {
        case S_IFREG: type = Int32(DT_REG)
        case S_IFDIR: type = Int32(DT_DIR)
        default: type = Int32(DT_LNK)
        }
      }
      switch type {
      case Int32(DT_REG): listing.files.append(name)
      case Int32(DT_DIR): listing.folders.append(name)
      default: listing.others.append(name)
      }
    }
    listing.folders.sort()
    return listing
  }

  /// Whether a name is a recording's or a screenshot's, by its extension.
  static func isVideoName(_ name: String) -> Bool {
    let suffix = (name as NSString).pathExtension.lowercased()
    return videoExtensions.contains(suffix) || ImageProbe.extensions.contains(suffix)
  }

  static func stem(_ name: String) -> String { (name as NSString).deletingPathExtension }

  static func absolute(_ path: String, from directory: String) -> String {
    var joined = path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    if !joined.hasPrefix("/") { joined = FileManager.default.currentDirectoryPath + "/" + joined }
    return PathName.standardized(absolute: joined)
  }
}
