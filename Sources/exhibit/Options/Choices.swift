import ArgumentParser
import ExhibitKit

extension Platform: ExpressibleByArgument {}
extension Family: ExpressibleByArgument {}
extension RecordingStatus: ExpressibleByArgument {}

/// How `criteria show` prints.
enum CriteriaShowFormat: String, ExpressibleByArgument, CaseIterable {
  case table
  case condensed
  case gherkin
}
