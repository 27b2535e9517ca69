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

  @Option(help: "Stay resident, forking a helper for each connection to this Unix socket.")
  var resident: String?

  @Option(help: "With --resident: stop after this many seconds without a connection.")
  var idleSeconds: Double = 60

  func run() throws {
    if let resident {
      throw ExitCode(
        ResidentProbeHelper.serve(
          socketPath: resident, idleSeconds: idleSeconds, deadlineSeconds: ProbeDeadline.seconds))
    }
    throw ExitCode(ProbeHelper.run(deadlineSeconds: ProbeDeadline.seconds))
  }
}

/// The catalogue's probe deadline, and its helpers: this binary.
enum ProbeDeadline {
  static var seconds: Double { ProbeBox.deadlineSeconds(environment: ProcessInfo.processInfo.environment) }

  /// Makes the catalogue read recordings in helpers (this binary, `probe-helper`), forked by a
  /// resident helper unless `$EXHIBIT_PROBE_RESIDENT` is 0.
  static func boxProbes() {
    let environment = ProcessInfo.processInfo.environment
    ProbeBox.configure(
      executable: ProbeBox.ownExecutable, deadlineSeconds: ProbeBox.deadlineSeconds(environment: environment),
      residentIdleSeconds: ResidentProbeHelper.idleSeconds(environment: environment))
  }
}
