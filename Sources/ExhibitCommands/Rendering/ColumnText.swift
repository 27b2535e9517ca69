import ExhibitKit

/// A matrix column as the commands print it: `android/talkback` for a screen reader's column,
/// `android` for the platform's own (items judged with any screen reader or none).
enum ColumnText {
  static func name(platform: String, assistiveTech: String?) -> String {
    assistiveTech.map { "\(platform)/\($0)" } ?? platform
  }

  static func name(_ column: Coverage.Column) -> String {
    name(platform: column.platform.rawValue, assistiveTech: column.assistiveTech)
  }
}
