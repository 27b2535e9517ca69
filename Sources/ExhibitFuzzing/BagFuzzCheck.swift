import ExhibitKit
import Foundation

/// The bag verifier over a folder: any tag files and payload give a report, never a crash.
///
/// The input is cut at NUL bytes into the contents of a fixed list of files (``layout``); a
/// part that is missing leaves its file out. Names never come from the input, so the fuzzer
/// explores what manifests say, not where the harness writes.
enum BagFuzzCheck {
  /// The files the input's parts become, in order.
  static let layout = [
    "bagit.txt", "bag-info.txt", "manifest-sha256.txt", "tagmanifest-sha256.txt", "data/manifest.json",
    "data/recordings/check box.webm", "manifest-md5.txt", "data/a/b/c.txt",
  ]

  static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    let root = FuzzScratch.emptyFolder("bag")
    let parts = bytes.split(separator: 0, maxSplits: layout.count - 1, omittingEmptySubsequences: false)
    for (name, part) in zip(layout, parts) {
      let path = root + "/" + name
      try? FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(atPath: path, contents: Data(part))
    }
    let report: BagReport
    do {
      report = try BagVerifier.verify(root)
    } catch {
      return .broken("a readable folder was refused: \(error)")
    }
    return BagReportCheck.check(report, bag: root, declared: parts.count >= 3)
  }
}

/// What every verifier report must hold, for folders and zips alike.
enum BagReportCheck {
  /// - Parameters:
  ///   - report: The verifier's report.
  ///   - bag: The path the report must name.
  ///   - declared: Whether the input had a chance to hold a declaration and a manifest.
  /// - Returns: The outcome, ``FuzzOutcome/broken(_:)`` when the report contradicts itself.
  static func check(_ report: BagReport, bag: String, declared: Bool) -> FuzzOutcome {
    guard report.bag == bag else { return .broken("report names \(report.bag), not \(bag)") }
    guard report.files >= 0, report.bytes >= 0 else { return .broken("negative totals") }
    for problem in report.problems where problem.path.isEmpty || problem.problem.isEmpty {
      return .broken("a problem without a file or a reason: \(problem)")
    }
    guard report.problems == report.problems.sorted() else { return .broken("problems out of order") }
    if report.valid && !declared { return .broken("a bag with no declaration or manifest was called valid") }
    guard report.checks.map(\.name) == BagCheck.Name.allCases else {
      return .broken("the report does not list every check: \(report.checks.map(\.name.rawValue))")
    }
    if report.valid, report.checks.contains(where: { $0.outcome == .failed }) {
      return .broken("a bag with a failed check was called valid")
    }
    // A bag whose BagIt checks hold has reached the Exhibit checks behind them: the fuzzer
    // mutates from there, whether or not the evidence then holds.
    if report.valid || report.outcome(of: .checksums) == .passed {
      return .accepted(
        "checksums hold: \(report.files) files, \(report.valid ? "valid" : "evidence refused")")
    }
    return .refused(
      "\(report.problems.count) problems, first \(report.problems[0].path): \(report.problems[0].problem)")
  }
}
