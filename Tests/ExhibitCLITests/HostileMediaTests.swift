import Foundation
import Testing

/// Files built to make the readers slow or hungry (Scripts/make_hostile_media.py): each costs at
/// most the probe deadline or a fixed amount of memory, and the batch goes on.
@Suite struct HostileMediaTests {

  /// Runs `exhibit ARGUMENTS` under Python's `resource` and returns its result, the CPU seconds
  /// it and its helpers used (user and system: what it did, which a busy machine does not
  /// inflate as it does wall time) and their peak resident memory, in bytes.
  static func measured(_ workspace: CLIWorkspace, _ arguments: [String]) throws
    -> (result: CLIWorkspace.Result, cpuSeconds: Double, peak: Int)
  {
    // Helpers of the command's own, counted among its children (a resident helper's are not).
    var environment = workspace.environment
    environment["EXHIBIT_PROBE_RESIDENT"] = "0"
    let script = """
      import resource, subprocess, sys
      done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
      sys.stderr.write(done.stderr)
      used = resource.getrusage(resource.RUSAGE_CHILDREN)
      print(done.returncode, round(used.ru_utime + used.ru_stime, 3), used.ru_maxrss)
      """
    let run = try Python.run(
      ["-c", script, CLIWorkspace.binary.path] + arguments, in: workspace.root, environment: environment)
    let (stdout, stderr) = (run.stdout, run.stderr)
    let fields = stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    let status = Int32(fields.first ?? "") ?? -1
    return (
      CLIWorkspace.Result(status: status, stdout: stdout, stderr: stderr),
      Double(fields.dropFirst().first ?? "") ?? 0,
      (Int(fields.last ?? "") ?? 0) * 1024
    )
  }

  @Test func aTagBombCostsAtMostTheProbeDeadlineAndTheRestIsCatalogued() throws {
    let workspace = try CLIWorkspace.withMedia()
    try HostileMedia.make("tag-bomb", workspace.path("Media/bomb/tags.webm"), 100_000)
    workspace.environment["EXHIBIT_PROBE_SECONDS"] = "2"
    let (result, cpuSeconds, _) = try Self.measured(workspace, ["catalog"])
    #expect(result.status == 1)
    // The deadline fired (its message), and the bomb cost about its 2 s of one core, not more.
    #expect(result.stderr.contains("tags.webm: gave up after 2 s"), "\(result.stderr)")
    #expect(cpuSeconds < 6, "the catalogue used \(cpuSeconds) s of CPU")
    let list = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    #expect(list.filter { $0["status"] as? String == "ok" }.count == 4)
  }

  @Test func blankLineCaptionsStayUnderAFixedMemoryCeiling() throws {
    let workspace = try CLIWorkspace.withMedia()
    let sample = try Data(
      contentsOf: URL(fileURLWithPath: workspace.path("Media/native/checkbox/checkboxVoiceOver.webm")))
    for index in 1...3 {
      try workspace.write("Media/blank/session\(index).webm", sample + Data(count: index))
      try HostileMedia.make(
        "blank-captions", workspace.path("Media/blank/session\(index).vtt"), 31_500 * 1024)
    }
    let (result, cpuSeconds, peak) = try Self.measured(workspace, ["catalog"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(peak < 256 << 20, "peak \(peak >> 20) MiB in \(cpuSeconds) s of CPU")
  }

  @Test func aCaptionOfTooManyCuesIsRefusedWithItsLimit() throws {
    let workspace = try CLIWorkspace.withMedia()
    try HostileMedia.make(
      "many-cues", workspace.path("Media/native/checkbox/checkboxVoiceOver-en-US.vtt"), 900_000)
    let (result, cpuSeconds, _) = try Self.measured(workspace, ["catalog"])
    #expect(result.status == 1)
    // Stopped at the limit (its message), reading no more than that many cues' worth of work.
    #expect(result.stderr.contains("more than 250000 cues"), "\(result.stderr)")
    #expect(cpuSeconds < 20, "\(cpuSeconds) s of CPU")
    let list = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    #expect(list.count == 4)
  }
}
