import ExhibitKit
import Foundation

/// The bag verifier over a zip: any bytes give a report, or a ``BundleError`` naming the zip.
/// Unpacking stays inside the folder it is given, and nothing of it is left there afterwards.
enum ZipFuzzCheck {
  static func run(_ bytes: [UInt8]) -> FuzzOutcome {
    let path = FuzzScratch.file("input.zip", bytes)
    let unpacking = FuzzScratch.emptyFolder("unpacking")
    let outcome: FuzzOutcome
    do {
      let report = try BagVerifier.verify(path, unpackingIn: unpacking)
      outcome = BagReportCheck.check(report, bag: path, declared: true)
    } catch let error as BundleError {
      guard error.description.hasPrefix(path) else { return .broken("error does not name the zip: \(error)") }
      outcome = .refused(error.description)
    } catch {
      return .broken("unexpected error type \(type(of: error)): \(error)")
    }
    let left = (try? FileManager.default.contentsOfDirectory(atPath: unpacking)) ?? []
    guard left.isEmpty else { return .broken("verifying left \(left.sorted()) where it unpacked") }
    return outcome
  }
}
