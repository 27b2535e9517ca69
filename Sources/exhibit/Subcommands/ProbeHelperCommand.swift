import ArgumentParser
import ExhibitKit
import Foundation

/// `exhibit probe-helper`: reads recordings with libavformat for a catalogue, one path at a time
/// on standard input, answering each on standard output (``ProbeHelper``). The catalogue starts
/// it and kills it when a file takes longer than the probe deadline; not for people to run.
struct ProbeHelperCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "probe-helper", abstract: "Read recordings for a catalogue (started by exhibit catalog).",
    shouldDisplay: false)

  func run() throws {
    throw ExitCode(ProbeHelper.run(deadlineSeconds: ProbeDeadline.seconds))
  }
}

/// How long one recording may take to read: `$EXHIBIT_PROBE_SECONDS`, else 20 seconds.
enum ProbeDeadline {
  static var seconds: Double {
    ProcessInfo.processInfo.environment["EXHIBIT_PROBE_SECONDS"].flatMap(Double.init).flatMap {
      $0 > 0 && $0 <= 3600 ? $0 : nil
    } ?? 20
  }

  /// Makes the catalogue read recordings in helpers (this binary, `probe-helper`).
  static func boxProbes() {
    let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    ProbeBox.configure(executable: own, deadlineSeconds: seconds)
  }
}
