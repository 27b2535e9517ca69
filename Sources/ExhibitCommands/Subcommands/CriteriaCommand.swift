import ArgumentParser

/// `exhibit criteria`: the acceptance criteria recordings are judged against.
struct CriteriaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "criteria",
    abstract: "Import, list and show MagentaA11y acceptance criteria.",
    subcommands: [CriteriaImport.self, CriteriaList.self, CriteriaShow.self])
}
