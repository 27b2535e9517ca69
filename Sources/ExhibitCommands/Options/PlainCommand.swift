import ExhibitKit

/// What a plain line asks of a catalogue: which database, whether the command writes, and the
/// command's work on it.
struct PlainWork: Sendable {
  /// `--db`, else `$EXHIBIT_DB`, else the workspace's.
  let databasePath: String
  /// Whether the command writes (a missing SQLite workspace is then made).
  let writes: Bool
  /// The command's work with the catalogue's opener, the same function its parsed form runs.
  private let body: @Sendable (any CatalogueOpener) async throws -> Void

  /// The work of a command written against the catalogue alone, on the catalogue `db` names.
  init(db: String?, writes: Bool, work: @escaping @Sendable (any CatalogueStorage) async throws -> Void) {
    let databasePath = GlobalOptions.databasePath(explicit: db)
    self.databasePath = databasePath
    self.writes = writes
    self.body = { opener in try await opener.withCatalogue(url: databasePath) { try await work($0) } }
  }

  /// The work of a command that asks the opener for more than the catalogue (its signing key).
  init(
    databasePath: String, writes: Bool, body: @escaping @Sendable (any CatalogueOpener) async throws -> Void
  ) {
    self.databasePath = databasePath
    self.writes = writes
    self.body = body
  }

  /// The work of a page about one component (`show`, `coverage`): the component, then
  /// `--platform`, `--audit` and `--json` handed to `show`; nil when the platform is not a word
  /// the parser takes.
  static func componentPage(
    _ line: PlainLine,
    show: @escaping @Sendable (String, Platform?, String?, Bool, any CatalogueStorage) async throws -> Void
  ) -> PlainWork? {
    guard let component = line.argument(0), let platform = line.choice("--platform", as: Platform.self)
    else { return nil }
    let audit = line.value("--audit")
    let json = line.has("--json")
    return PlainWork(db: line.value("--db"), writes: false) {
      try await show(component, platform, audit, json, $0)
    }
  }

  /// Opens the catalogue with `opener` and does the work, reporting a failure as every command does.
  func run(with opener: any CatalogueOpener) async throws {
    try await reportingFailures { try await body(opener) }
  }
}

/// A command whose plain line (``PlainLine``) is run without swift-argument-parser.
///
/// Its parsed form and its plain line run one function with the same values;
/// `PlainCommandTests` checks each prints the same for the same line, and that a line the
/// command's syntax does not cover is left to the parser.
protocol PlainReadable {
  /// The words after `exhibit` that name the command, e.g. `["criteria", "show"]`.
  static var plainPath: [String] { get }
  /// The arguments, options and flags a plain line of the command may hold.
  static var plainSyntax: PlainLine.Syntax { get }
  /// The work `line` asks; nil when one of its values is a word the parser must judge.
  static func plainWork(_ line: PlainLine) -> PlainWork?
}

/// The commands whose plain lines skip the parser: the ones that read and print, `link` and `bundle`.
enum PlainCommands {
  static let all: [any PlainReadable.Type] = [
    Search.self, Show.self, CoverageCommand.self, History.self, CriteriaShow.self, RecordingsList.self,
    AuditShow.self, Link.self, Bundle.self,
  ]

  /// The work `arguments` (the words after `exhibit`) ask, when they are one of these commands'
  /// plain lines; else nil, for the parser.
  static func work(for arguments: [String]) -> PlainWork? {
    for command in all where arguments.starts(with: command.plainPath) {
      let words = arguments.dropFirst(command.plainPath.count)
      guard let line = PlainLine(words, syntax: command.plainSyntax) else { return nil }
      return command.plainWork(line)
    }
    return nil
  }
}
