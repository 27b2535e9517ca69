/// Where a product ships: a native app on iOS or Android, or a web site (tested on every
/// platform's browsers).
public enum ProductPlatform: String, Sendable, Codable, CaseIterable, Comparable {
  case ios
  case android
  case web

  /// The criteria family an audit on this platform tests.
  public var family: Family { self == .web ? .web : .native }

  /// The platforms a component of `family` is tested on when a product ships on `targets`.
  static func platforms(of family: Family, targets: [ProductPlatform]) -> [Platform] {
    switch family {
    case .native: targets.compactMap { $0 == .ios ? .ios : $0 == .android ? .android : nil }
    case .web: targets.contains(.web) ? Platform.allCases : []
    }
  }

  /// Reads `ios,android,web` (commas or spaces); a failure names the first word not understood.
  public static func list(_ text: String) -> Result<[ProductPlatform], AuditError> {
    var found: [ProductPlatform] = []
    for word in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
      guard let platform = ProductPlatform(rawValue: word.lowercased()) else {
        return .failure(.unknownPlatform(String(word)))
      }
      if !found.contains(platform) { found.append(platform) }
    }
    return .success(found.sorted())
  }

  /// The stored and printed form: `ios,android,web` in that order.
  static func text(_ platforms: [ProductPlatform]) -> String {
    platforms.sorted().map(\.rawValue).joined(separator: ",")
  }

  public static func < (lhs: ProductPlatform, rhs: ProductPlatform) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}
