import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit suggest [COMPONENT] [--accept]`
struct Suggest: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "suggest",
    abstract: "Propose links from what the captions say; --accept records them as untested.",
    discussion: """
      A cue that says the role ("checkbox"), a state ("not checked", "dimmed") or the hint \
      ("double tap to toggle") is proposed as evidence, at its time, for the screen-reader item \
      it speaks to. Accepted suggestions become untested links for a person to judge, never passes.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @Argument(help: "The component; every component with criteria without.")
  var component: String?
  @Flag(help: "Record the suggestions as untested links.")
  var accept = false

  func run() throws {
    try reportingFailures {
      let store = accept ? try global.openForWriting() : try global.openForReading()
      var suggestions = try store.suggestions(
        component: try component.map(store.resolveComponent), audit: audits.audit)
      if accept {
        suggestions = try store.accept(
          suggestions, auditor: CommandActor.current(), audit: audits.audit)
      }
      // A suggestion that could not be linked names its caption file; the rest are recorded.
      let refused = suggestions.filter { $0.refusal != nil }
      for (file, ones) in Dictionary(grouping: refused, by: { $0.captionFile ?? $0.recording.path }).sorted(
        by: {
          $0.key < $1.key
        })
      {
        for suggestion in ones.prefix(10) {
          Console.error(
            "\(file): the cue at " + "\((suggestion.fromSeconds ?? 0).decimalText(places: 2)) s: "
              + (suggestion.refusal ?? ""))
        }
        if ones.count > 10 { Console.error("\(file): \(ones.count - 10) more cues could not be linked") }
      }
      if output.json {
        try Console.json(suggestions)
        if !refused.isEmpty { throw ExitCode.failure }
        return
      }
      for suggestion in suggestions where suggestion.refusal == nil {
        let link = suggestion.acceptedLink.map { "  -> link \($0)" } ?? ""
        Console.out(
          "\(suggestion.confidence.decimalText(places: 2))  " + "\(suggestion.item)  "
            + "\((suggestion.fromSeconds ?? 0).decimalText(places: 2))–\((suggestion.toSeconds ?? 0).decimalText(places: 2)) s  "
            + "\((suggestion.recording.path as NSString).lastPathComponent)\(link)")
        Console.out("      \(suggestion.reason)")
      }
      Console.out(
        "\(suggestions.count - refused.count) suggestions" + (accept ? ", recorded as untested links" : "")
          + (refused.isEmpty ? "" : "; \(refused.count) could not be linked"))
      if !refused.isEmpty { throw ExitCode.failure }
    }
  }
}
