import Foundation

/// A parser Exhibit points at files anyone can hand an auditor, and the promise it must keep for
/// any bytes at all: it reads them, or it refuses them with an error that names the file and says
/// why. It never crashes, hangs or runs out of memory (libFuzzer's `-timeout` and
/// `-rss_limit_mb` hold it to a time and memory bound).
///
/// The same checks run under libFuzzer (`Scripts/fuzz.sh TARGET SECONDS`) and in the normal test
/// suite, where every input a fuzzer ever broke is replayed.
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// `WebVTT.parse`: caption sidecars.
  case webvtt
  /// `CriteriaParser.parse`: the three criteria formats, YAML front matter included.
  case criteria
  /// `MediaProbe.probe`: libavformat over a temporary file holding the bytes.
  case media
  /// `BagVerifier.verify` over a bag folder whose tag files and payload are the bytes.
  case bag
  /// `BagVerifier.verify` over the bytes as a zip.
  case zip
  /// `SearchQuery` and `Store.search` over a small real database.
  case query

  /// What the target exercises, for `exhibit-fuzz --list` and the scripts.
  public var summary: String {
    switch self {
    case .webvtt: "WebVTT caption parser"
    case .criteria: "criteria document parser (front matter, markdown, rendered text)"
    case .media: "libavformat media probe over a temporary file"
    case .bag: "BagIt verifier over a bag folder built from the input"
    case .zip: "BagIt verifier and stored-zip reader over the input as a zip"
    case .query: "search query reader and FTS5 search over a small database"
    }
  }

  /// Feeds one input to the target. Inputs run one at a time, whatever thread calls: targets
  /// share a scratch folder and a database connection.
  /// - Returns: What happened; ``FuzzOutcome/broken(_:)`` when a promise was not kept.
  public func run(_ bytes: [UInt8]) -> FuzzOutcome {
    Self.oneAtATime.lock()
    defer { Self.oneAtATime.unlock() }
    return switch self {
    case .webvtt: WebVTTFuzzCheck.run(bytes)
    case .criteria: CriteriaFuzzCheck.run(bytes)
    case .media: MediaFuzzCheck.run(bytes)
    case .bag: BagFuzzCheck.run(bytes)
    case .zip: ZipFuzzCheck.run(bytes)
    case .query: QueryFuzzCheck.run(bytes)
    }
  }

  private static let oneAtATime = NSLock()
}
