import ArgumentParser
import ExhibitKit
import ExhibitModel
import Foundation

/// `exhibit suggest [COMPONENT] [--accept | --decide DECISION [--item I] [--recording R] [--at S]]`
struct Suggest: CatalogueStorageCommand {
  static let configuration = CommandConfiguration(
    commandName: "suggest",
    abstract:
      "Propose links from what the captions say; --accept records them as untested, --decide judges them.",
    discussion: """
      A cue that says the role ("checkbox"), a state ("not checked", "dimmed") or the hint \
      ("double tap to toggle") is proposed as evidence, at its time, for the screen-reader item \
      it speaks to. Accepted suggestions become untested links for a person to judge, never passes. \
      --decide pass|fail|not-applicable|dismiss judges the suggestions (and the untested links \
      accepted earlier) that --item, --recording and --at select: each becomes a verdict by you, \
      or is dismissed and no longer suggested in the audit; an untested link is retracted, not \
      left beside its verdict.
      """)

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @OptionGroup var audits: AuditOption
  @Argument(help: "The component; every component with criteria without.")
  var component: String?
  @Flag(help: "Record the suggestions as untested links.")
  var accept = false
  @Option(help: "Decide the selected suggestions: pass, fail, not-applicable or dismiss.")
  var decide: SuggestionDecision?
  @Option(help: "With --decide: only the suggestions for this item.")
  var item: String?
  @Option(help: "With --decide: only the suggestions of this recording (its path, name or SHA-256 prefix).")
  var recording: String?
  @Option(
    help: "With --decide: only the suggestion whose cue starts at this time (2.5, 2,5 or 0:02.5).",
    transform: { try SegmentTime.seconds($0) })
  var at: Double?
  @Option(help: "With --decide: a note on the verdict or the dismissal.")
  var note: String = ""

  func validate() throws {
    if accept, decide != nil { throw ValidationError("--accept and --decide cannot be used together") }
    if decide == nil, item != nil || recording != nil || at != nil || !note.isEmpty {
      throw ValidationError("--item, --recording, --at and --note select and explain a --decide")
    }
  }

  var writes: Bool { accept || decide != nil }

  func run(on catalogue: any CatalogueStorage) async throws {
    if let decide { return try await decideSelected(decide, on: catalogue) }
    var component: ComponentID?
    if let name = self.component { component = try await catalogue.resolveComponent(name) }
    var suggestions = try await catalogue.suggestions(component: component, audit: audits.audit)
    if accept {
      suggestions = try await catalogue.accept(
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

extension Suggest {
  /// Decides the pending suggestions the selectors name, and says what became of each.
  func decideSelected(_ decision: SuggestionDecision, on catalogue: any CatalogueStorage) async throws {
    var component: ComponentID?
    if let name = self.component { component = try await catalogue.resolveComponent(name) }
    let pending = try await catalogue.pendingSuggestions(component: component, audit: audits.audit)
    let selected = pending.filter { suggestion in
      (item.map { suggestion.item.description == $0 || suggestion.item.description.hasSuffix("#\($0)") }
        ?? true)
        && (recording.map {
          suggestion.recording.path.hasSuffix($0) || suggestion.recording.sha256.hasPrefix($0.lowercased())
        } ?? true)
        && (at.map { abs((suggestion.fromSeconds ?? -1) - $0) < 0.0005 } ?? true)
    }
    guard !selected.isEmpty else {
      throw ValidationError(
        pending.isEmpty
          ? "nothing waits for a decision here: no suggestion and no untested link"
          : "no pending suggestion matches; `exhibit suggest\(self.component.map { " \($0)" } ?? "")` lists \(pending.count)"
      )
    }
    let decided = try await catalogue.decide(
      selected, decision: decision, auditor: CommandActor.current(), note: note, audit: audits.audit)
    if output.json {
      try Console.json(decided)
    } else {
      for suggestion in decided {
        let time = suggestion.fromSeconds.map { " at \($0.decimalText(places: 2)) s" } ?? ""
        let name = (suggestion.recording.path as NSString).lastPathComponent
        let outcome =
          suggestion.refusal.map { "refused: \($0)" }
          ?? suggestion.acceptedLink.map { "\(decision.rawValue), link \($0)" } ?? "dismissed"
        Console.out("\(suggestion.item) \(name)\(time): \(outcome)")
      }
    }
    if decided.contains(where: { $0.refusal != nil }) { throw ExitCode.failure }
  }
}

extension SuggestionDecision: WordChoice {}
