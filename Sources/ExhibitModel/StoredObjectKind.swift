/// What an object in evidence storage is.
public enum StoredObjectKind: String, Sendable, CaseIterable {
  case recording
  case caption

  /// The folder-like prefix of its kind's objects: `recordings/` or `captions/`.
  public var folder: String { rawValue + "s" }
}
