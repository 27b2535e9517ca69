import ArgumentParser
import ExhibitKit

/// A choice whose word on the command line is its raw value.
///
/// ArgumentParser otherwise describes each case with `String(describing:)`, for help and
/// completions, on every start: reflection, whose first use makes the Swift runtime scan every
/// protocol conformance the binary holds.
protocol WordChoice: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension WordChoice {
  public var defaultValueDescription: String { rawValue }
  public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension Platform: WordChoice {}
extension Family: WordChoice {}
extension RecordingStatus: WordChoice {}
extension AssistiveTech: WordChoice {}
extension Browser: WordChoice {}
extension FindingStatus: WordChoice {}
extension FindingSeverity: WordChoice {}
extension ACREdition: WordChoice {}
extension ACRComponentType: WordChoice {}

/// How `criteria show` prints.
enum CriteriaShowFormat: String, WordChoice {
  case table
  case condensed
  case gherkin
}
