/// A stored criteria document revision, as `criteria list` shows it.
public struct CriteriaDocumentSummary: Sendable, Equatable, Codable {
  /// The document's row id, so nothing looks it up again; not part of the JSON.
  public internal(set) var documentID: Int64 = 0
  public let component: ComponentID
  public let family: Family
  public let category: String
  public let title: String
  public let sourcePath: String
  public let format: String
  public let revision: Int
  public let itemCount: Int
  public let sha256: String
  public let importedAt: String
  /// Whether this document supplies the component's current items (markdown before Jekyll
  /// before rendered text).
  public internal(set) var primary: Bool
  /// Live evidence links pinned to items of earlier revisions of this document.
  public let staleLinks: Int
  /// Other names that resolve to the component (`native/controls/segmented-control`), sorted.
  public internal(set) var aliases: [String] = []

  private enum CodingKeys: String, CodingKey {
    case component, family, category, title, sourcePath, format, revision, itemCount, sha256, importedAt,
      primary
    case staleLinks, aliases
  }
}
