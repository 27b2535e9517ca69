import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit show COMPONENT [--platform P]`
struct Show: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The reviewer's page: criteria, recordings with their captions, verdicts and gaps.")

  @OptionGroup var global: GlobalOptions
  @Argument(help: "The component, e.g. native/checkbox.")
  var component: String
  @Option(help: "Only this platform.")
  var platform: Platform?

  func run() async throws {
    try await reportingFailures {
      let store = try global.openForReading()
      let component = try store.resolveComponent(component)
      let criteria = try store.componentCriteria(component, platform: platform)
      let coverage = try store.coverage(component, platform: platform)
      Console.out("\(criteria.document.title) (\(component), revision \(criteria.document.revision))")
      Console.out("")
      Console.out("Criteria and verdicts")
      for line in CoverageCommand.render(coverage).dropFirst() { Console.out(line) }
      let recordings = try store.recordings(component: component, platform: platform)
      Console.out("")
      Console.out(recordings.isEmpty ? "No recordings catalogued for \(component)." : "Recordings")
      for recording in recordings {
        let detail = try store.recordingDetail(
          id: try store.resolveRecording(recording.sha256 ?? recording.path))
        Console.out("")
        Console.out(
          "  \(recording.path)" + (recording.missing ? "  (missing)" : ""))
        Console.out(
          "    \(recording.platform ?? "?") / \(recording.assistiveTech ?? "?")"
            + (recording.browser.map { " / \($0)" } ?? "")
            + (recording.durationSeconds.map { String(format: ", %.3f s", $0) } ?? "")
            + ", \(recording.status)")
        for cue in detail.captions.flatMap(\.cues) {
          Console.out(String(format: "    %7.2f  ", cue.startSeconds) + cue.text)
        }
        for link in detail.links where link.retractedAt == nil {
          let segment =
            link.startSeconds.map { String(format: " %.2f–%.2f s", $0, link.endSeconds ?? $0) } ?? ""
          Console.out("    link \(link.id): \(link.item)\(segment) \(link.verdict) by \(link.auditor)")
        }
      }
    }
  }
}
