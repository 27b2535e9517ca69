import ArgumentParser

#if canImport(Glibc)
  import Glibc
#endif

/// `exhibit --help` written from the command tree's configurations alone, in the layout
/// swift-argument-parser gives the root's help.
///
/// The parser writes that page by reflecting on every command's arguments, about two thirds of
/// `--help`'s time (the runtime's first look at each property wrapper's generic type); the root's
/// page needs only the subcommands' names and abstracts. `RootHelpTests` compares this page with
/// the parser's at every width from ``narrowest`` to 200 columns; a width the parser would choose
/// differently (`$COLUMNS` set) or a terminal narrower than that is left to the parser.
enum RootHelp {
  /// The narrowest terminal this page is written for; the subcommands' column is 26 wide.
  static let narrowest = 40

  /// The page for this process's terminal, or nil when the parser should write it.
  static func forThisTerminal() -> String? {
    guard getenv("COLUMNS") == nil else { return nil }
    var size = winsize()
    let width = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    guard width >= narrowest else { return nil }
    return text(width: width)
  }

  /// The page wrapped to `width` columns (at least ``narrowest``).
  static func text(width: Int) -> String {
    let root = Exhibit.configuration
    let name = root.commandName ?? "exhibit"
    var overview = "OVERVIEW: \(root.abstract)"
    if !root.discussion.isEmpty { overview += "\n\n\(root.discussion)" }
    let options = [("--version", "Show the version."), ("-h, --help", "Show help information.")]
    let subcommands = root.subcommands.compactMap { command -> (String, String)? in
      let configuration = command.configuration
      guard configuration.shouldDisplay, let commandName = configuration.commandName else { return nil }
      return (([commandName] + configuration.aliases).joined(separator: ", "), configuration.abstract)
    }
    return wrapped(overview, width: width, indent: 0) + "\n\n"
      + "USAGE: \(name) <subcommand>\n\n"
      + section("OPTIONS", options, width: width) + "\n"
      + section("SUBCOMMANDS", subcommands, width: width)
      + "\n  See '\(name) help <subcommand>' for detailed help."
  }

  /// The labels' column: abstracts begin in it, after a label short enough, or on the next line.
  private static let labelColumn = 26

  /// A titled list of labels with their abstracts.
  private static func section(_ title: String, _ entries: [(label: String, abstract: String)], width: Int)
    -> String
  {
    var text = "\(title):\n"
    for entry in entries {
      let label = "  " + entry.label
      text += label
      if !entry.abstract.isEmpty {
        let abstract = wrapped(entry.abstract, width: width, indent: labelColumn)
        text += label.count < labelColumn ? String(abstract.dropFirst(label.count)) : "\n" + abstract
      }
      text += "\n"
    }
    return text
  }

  /// `text` in lines of at most `width - indent` characters, each broken at its last space (a
  /// word longer than the line runs on to the next space) and kept at its own line breaks; every
  /// line that is not empty is indented by `indent` spaces.
  static func wrapped(_ text: String, width: Int, indent: Int) -> String {
    let columns = width - indent
    var lines: [Substring] = []
    var rest = text[...]
    while true {
      let chunk = rest.prefix(columns)
      if let lineBreak = chunk.lastIndex(of: "\n") {
        lines += rest[..<lineBreak].split(separator: "\n", omittingEmptySubsequences: false)
        rest = rest[rest.index(after: lineBreak)...]
      } else if chunk.endIndex == rest.endIndex {
        lines.append(rest)
        break
      } else if let space = chunk.lastIndex(of: " ") ?? rest.firstIndex(of: " ") {
        lines.append(rest[..<space])
        rest = rest[rest.index(after: space)...]
      } else {
        lines.append(rest)
        break
      }
    }
    let margin = String(repeating: " ", count: indent)
    return lines.map { $0.isEmpty ? "" : margin + String($0) }.joined(separator: "\n")
  }
}
