import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit show COMPONENT [--platform P] [--json]`
struct Show: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The reviewer's page: criteria, recordings with their captions, verdicts, notes and gaps.")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The component, e.g. native/checkbox.")
  var component: String
  @Option(help: "Only this platform.")
  var platform: Platform?

  func run() async throws {
    try await reportingFailures {
      let store = try global.openForReading()
      let page = try store.reviewerPage(component: component, platform: platform)
      if output.json {
        try Console.json(page)
        return
      }
      Console.out("\(page.title) (\(page.component), revision \(page.revision))")
      Console.out("")
      Console.out("Criteria and verdicts")
      for line in CoverageCommand.render(page.coverage).dropFirst() { Console.out(line) }
      Console.out("")
      Console.out(page.recordings.isEmpty ? "No recordings catalogued for \(page.component)." : "Recordings")
      for entry in page.recordings {
        let recording = entry.recording
        Console.out("")
        Console.out("  \(recording.path)" + (recording.missing ? "  (missing)" : ""))
        Console.out(
          "    \(recording.platform ?? "?") / \(recording.assistiveTech ?? "?")"
            + (recording.browser.map { " / \($0)" } ?? "")
            + (recording.durationSeconds.map { String(format: ", %.3f s", $0) } ?? "")
            + ", \(recording.status)")
        for cue in entry.cues {
          Console.out(String(format: "    %7.2f  ", cue.startSeconds) + cue.text)
        }
        for link in entry.links {
          let segment =
            link.startSeconds.map { String(format: " %.2f–%.2f s", $0, link.endSeconds ?? $0) } ?? ""
          Console.out(
            "    link \(link.id): \(link.item)\(segment) \(link.verdict) by \(link.auditor)"
              + (link.note.isEmpty ? "" : ": \u{201C}\(link.note)\u{201D}"))
        }
      }
    }
  }
}
