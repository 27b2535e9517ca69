/// Facts about this build of Exhibit.
public enum Exhibit {
  /// The version written into bundles (`Bag-Software-Agent`).
  public static let version = "0.6.0"
}
