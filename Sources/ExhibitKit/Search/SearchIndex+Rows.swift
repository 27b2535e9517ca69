import ExhibitStorage
import Foundation

// Reading a hit's component, platforms and recording from a row.
extension SearchIndex {
  /// The component of a recording row, when its family and component are both known.
  static func component(_ row: Row) throws -> ComponentID? {
    guard let family: String = try row.decode("family"), let component: String = try row.decode("component")
    else {
      return nil
    }
    return ComponentID("\(family)/\(component)")
  }

  /// A row's `component` column, `family/slug`.
  static func componentID(_ row: Row) throws -> ComponentID? {
    (try row.decode("component") as String?).flatMap(ComponentID.init)
  }

  /// A stored platform name, nil for none or one Exhibit does not know.
  static func platform(_ name: String?) -> Platform? {
    name.flatMap(Platform.init(rawValue:))
  }

  /// A stored, comma-separated list of platforms.
  static func platforms(_ list: String) -> [Platform] {
    list.split(separator: ",").compactMap { Platform(rawValue: String($0)) }
  }

  /// The recording a row's `sha256` and `path` name, when it has both.
  static func recording(_ row: Row) throws -> RecordingRef? {
    guard let sha256: String = try row.decode("sha256"), let path: String = try row.decode("path") else {
      return nil
    }
    return RecordingRef(sha256: sha256, path: path)
  }
}
