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

/// The catalogue's probe deadline, and its helpers: this binary.
enum ProbeDeadline {
  static var seconds: Double { ProbeBox.deadlineSeconds(environment: ProcessInfo.processInfo.environment) }

  /// Makes the catalogue read recordings in helpers (this binary, `probe-helper`).
  static func boxProbes() {
    ProbeBox.configure(executable: ProbeBox.ownExecutable, deadlineSeconds: seconds)
  }
}
