import ExhibitStorage
import Foundation

/// What storing one examination did at its path.
enum PathOutcome: Sendable, Equatable {
  case added
  case unchanged
  case updated
  case moved(from: [String])
  case duplicate(of: [String])
  case failed(String)
  case notStored(String)
}
