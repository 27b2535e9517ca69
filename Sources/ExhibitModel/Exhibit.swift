/// Facts about this build of Exhibit.
public enum Exhibit {
  /// The version: `exhibit --version` prints it, bundles name it (`Bag-Software-Agent: Exhibit`
  /// and the version), and the README gives it (`VersionTests`).
  public static let version = "0.17.0"
}
