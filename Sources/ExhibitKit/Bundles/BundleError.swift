/// Why an evidence bundle could not be made or read.
public enum BundleError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The bag or zip is already there; exports never overwrite.
  case targetExists(String)
  /// A recording or caption file no longer has the bytes that were catalogued.
  case changedSinceCatalogued(path: String, expected: String, found: String)
  /// A recording has no present file to copy.
  case missingSource(String)
  /// `--date` is not YYYY-MM-DD.
  case badDate(String)
  /// Reading or writing failed.
  case io(path: String, reason: String)
  /// The zip is not one Exhibit can read.
  case unreadableZip(path: String, reason: String)
  /// Nothing to bundle: no criteria item applies to the platform.
  case noItems(component: String, platform: String)
  /// The bag being written failed its own check; nothing was left at the target.
  case invalidOutput(path: String, problems: [String])
  /// Links whose recording is missing or changed, each with how to resolve it.
  case unavailableEvidence([String])
  /// The workspace's audit trail is broken, or its tables disagree with it, so what it would
  /// export cannot be vouched for: nothing is written or signed.
  case untrustworthyWorkspace(problems: [String])

  public var description: String {
    switch self {
    case .targetExists(let path):
      "\(path): already exists; exports never overwrite, choose another --out or --date"
    case .changedSinceCatalogued(let path, let expected, let found):
      "\(path): bytes changed since it was catalogued (SHA-256 \(found.prefix(12))…, catalogued "
        + "\(expected.prefix(12))…); run `exhibit catalog`, then `exhibit coverage` lists the verdicts on it "
        + "and how to resolve each"
    case .missingSource(let path): "\(path): no longer on disk; run `exhibit catalog` to find where it went"
    case .badDate(let text): "--date \(text): expected YYYY-MM-DD"
    case .io(let path, let reason): "\(path): \(reason)"
    case .unreadableZip(let path, let reason): "\(path): not a readable bag zip: \(reason)"
    case .noItems(let component, let platform): "\(component): no criteria item applies to \(platform)"
    case .invalidOutput(let path, let problems):
      "\(path): the bag failed its own check, so it was not made: "
        + problems.prefix(10).joined(separator: "; ")
    case .untrustworthyWorkspace(let problems):
      "the bundle was not made, since `exhibit verify` would reject what it holds:\n  "
        + problems.prefix(20).joined(separator: "\n  ")
        + (problems.count > 20 ? "\n  and \(problems.count - 20) more" : "")
        + "\nrun `exhibit verify` to see every problem of the workspace"
    case .unavailableEvidence(let links):
      "the bundle would hold verdicts whose recording is not there as it was judged:\n  "
        + links.joined(separator: "\n  ")
    }
  }
}
