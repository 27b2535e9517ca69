/// Facts about this build of Exhibit.
public enum Exhibit {
  /// The version written into bundles (`Bag-Software-Agent`).
  public static let version = "0.5.0"
}
