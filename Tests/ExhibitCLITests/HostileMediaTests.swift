import Foundation
import Testing

/// Files built to make the readers slow or hungry (Scripts/make_hostile_media.py): each costs at
/// most the probe deadline or a fixed amount of memory, and the batch goes on.
@Suite struct HostileMediaTests {

  /// Runs `exhibit ARGUMENTS` under Python's `resource` and returns its result, its seconds and
  /// the peak resident memory of it or its helpers, in bytes.
  static func measured(_ workspace: CLIWorkspace, _ arguments: [String]) throws
    -> (result: CLIWorkspace.Result, seconds: Double, peak: Int)
  {
    let script = """
      import resource, subprocess, sys, time
      started = time.time()
      done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
      sys.stderr.write(done.stderr)
      print(done.returncode, round(time.time() - started, 3), resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      """
    let run = try Python.run(
      ["-c", script, CLIWorkspace.binary.path] + arguments, in: workspace.root,
      environment: workspace.environment)
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
    let (result, seconds, _) = try Self.measured(workspace, ["catalog"])
    #expect(result.status == 1)
    #expect(seconds < 3, "the catalogue took \(seconds) s")
    #expect(result.stderr.contains("tags.webm: gave up after 2 s"), "\(result.stderr)")
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
    let (result, seconds, peak) = try Self.measured(workspace, ["catalog"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(peak < 256 << 20, "peak \(peak >> 20) MiB in \(seconds) s")
  }

  @Test func aCaptionOfTooManyCuesIsRefusedWithItsLimit() throws {
    let workspace = try CLIWorkspace.withMedia()
    try HostileMedia.make(
      "many-cues", workspace.path("Media/native/checkbox/checkboxVoiceOver-en-US.vtt"), 900_000)
    let (result, seconds, _) = try Self.measured(workspace, ["catalog"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("more than 250000 cues"), "\(result.stderr)")
    #expect(seconds < 10, "\(seconds) s")
    let list = try #require(try workspace.run("recordings", "list", "--json").json() as? [[String: Any]])
    #expect(list.count == 4)
  }
}
