/// What an import did, document by document: what `criteria import --json` prints and what the
/// web workspace's import answers.
public struct CriteriaImportReport: Sendable, Encodable {
  /// A document imported as a revision, or left as it was.
  public struct Entry: Sendable, Encodable {
    public let path: String
    public let component: String
    public let format: String
    public let revision: Int
    public let itemCount: Int?
    /// The earlier revision this one makes current again, when the file's bytes are that revision's.
    public var restoresRevision: Int? = nil
  }

  /// A document skipped, noted or refused, with where and why.
  public struct Problem: Sendable, Encodable {
    public let path: String
    public let line: Int?
    public let message: String
  }

  public private(set) var imported: [Entry] = []
  public private(set) var unchanged: [Entry] = []
  public private(set) var skipped: [Problem] = []
  /// Where a document's file name, link, folder or prose disagreed, and what named it.
  public private(set) var warnings: [Problem] = []
  /// Files that could not be read or parsed, and documents the store refused.
  public private(set) var errors: [Problem] = []

  /// The report of a batch read from files and what the store did with each document.
  public init(batch: CriteriaFiles.Batch, outcomes: [CriteriaImportOutcome]) {
    for (document, outcome) in zip(batch.documents, outcomes) {
      switch outcome {
      case .imported(let component, let format, let revision, let itemCount):
        imported.append(
          Entry(
            path: document.sourcePath, component: component, format: format.rawValue, revision: revision,
            itemCount: itemCount))
      case .restored(let component, let format, let revision, let restoredRevision, let itemCount):
        imported.append(
          Entry(
            path: document.sourcePath, component: component, format: format.rawValue, revision: revision,
            itemCount: itemCount, restoresRevision: restoredRevision))
      case .unchanged(let component, let format, let revision):
        unchanged.append(
          Entry(
            path: document.sourcePath, component: component, format: format.rawValue, revision: revision,
            itemCount: nil))
      case .refused(_, _, let reason):
        errors.append(Problem(path: document.sourcePath, line: nil, message: reason))
      }
      if let warning = document.namingWarning, outcome.wroteRevision {
        warnings.append(Problem(path: document.sourcePath, line: nil, message: warning))
      }
    }
    skipped = batch.skipped.map { Problem(path: $0.path, line: nil, message: $0.reason) }
    errors =
      batch.errors.map { Problem(path: $0.path, line: $0.line > 0 ? $0.line : nil, message: $0.reason) }
      + errors
  }
}
