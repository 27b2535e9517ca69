import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit criteria import PATH...`
struct CriteriaImport: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import criteria documents (files or folders; the format is detected).",
    discussion: """
      Reads the current MagentaA11y markdown, the older Jekyll entries with YAML front matter, and \
      the text of rendered pages. A changed document becomes a new revision; an unchanged one is \
      left as it is. Guides without criteria are skipped with a note.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions

  @Option(help: "File every document under this component (FAMILY/NAME), for pages that do not name one.")
  var component: String?

  @Argument(help: "Criteria documents, or folders to search for .md and .txt documents.")
  var paths: [String]

  func validate() throws {
    guard let component else { return }
    let parts = component.lowercased().split(separator: "/", omittingEmptySubsequences: false)
    // The name becomes part of keys, bundle names and URLs: letters, digits and single dashes only.
    guard parts.count == 2, Family(rawValue: String(parts[0])) != nil, !parts[1].isEmpty,
      parts[1].allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }),
      parts[1].first != "-", parts[1].last != "-", !parts[1].contains("--")
    else {
      throw ValidationError(
        "--component \(component): takes FAMILY/NAME with FAMILY native or web and NAME of letters, digits and "
          + "dashes, e.g. native/checkbox")
    }
  }

  var writes: Bool { true }

  func run(on catalogue: any CatalogueStorage) async throws {
    let batch = CriteriaFiles.read(paths, parser: parser(knowing: try await catalogue.knownComponentSlugs()))
    try show(batch, try await catalogue.importCriteria(batch.documents, actor: CommandActor.current()))
  }

  /// The parser, recognising `known` component slugs and filing under `--component` if given.
  private func parser(knowing known: [String]) -> CriteriaParser {
    var parser = CriteriaParser(knownComponents: known)
    if let component {
      let parts = component.lowercased().split(separator: "/").map(String.init)
      if let family = Family(rawValue: parts[0]) { parser.componentOverride = (family, parts[1]) }
    }
    return parser
  }

  /// Reports what the import did, and fails when a file could not be read.
  private func show(_ batch: CriteriaFiles.Batch, _ outcomes: [CriteriaImportOutcome]) throws {
    let report = CriteriaImportReport(batch: batch, outcomes: outcomes)
    for error in batch.errors {
      Console.error(error.line > 0 ? error.description : "\(error.path): \(error.reason)")
    }
    for (document, outcome) in zip(batch.documents, outcomes) {
      if case .refused(_, _, let reason) = outcome { Console.error("\(document.sourcePath): \(reason)") }
    }
    if output.json {
      try Console.json(report)
    } else {
      for entry in report.imported {
        let restoring = entry.restoresRevision.map { ", restores revision \($0)" } ?? ""
        Console.out(
          "imported  \(entry.component) revision \(entry.revision) (\(entry.format), \(entry.itemCount ?? 0) items"
            + "\(restoring))  \(entry.path)")
      }
      for entry in report.unchanged {
        Console.out(
          "unchanged \(entry.component) revision \(entry.revision) (\(entry.format))  \(entry.path)")
      }
      for entry in report.skipped { Console.out("skipped   \(entry.path): \(entry.message)") }
      for entry in report.warnings { Console.out("warning   \(entry.path): \(entry.message)") }
      Console.out(
        "\(report.imported.count) imported, \(report.unchanged.count) unchanged, \(report.skipped.count) skipped, "
          + "\(report.errors.count) failed")
    }
    if !report.errors.isEmpty { throw ExitCode.failure }
  }
}
