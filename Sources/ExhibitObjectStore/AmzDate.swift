import ExhibitModel
import Foundation

/// A moment in UTC as Signature Version 4 writes it: `20150830T123600Z`, and its day `20150830`.
public struct AmzDate: Sendable, Equatable {
  /// Seconds since 1970-01-01T00:00:00Z.
  public let secondsSince1970: Int64

  public init(secondsSince1970: Int64) {
    self.secondsSince1970 = secondsSince1970
  }

  /// The basic ISO 8601 form signed requests carry in `X-Amz-Date`: Exhibit's own timestamp
  /// (`2015-08-30T12:36:00.000Z`) without its separators and milliseconds.
  public var timestamp: String {
    let extended = Timestamp.string(Date(timeIntervalSince1970: TimeInterval(secondsSince1970)))
    return String(extended.prefix(19).filter { $0 != "-" && $0 != ":" }) + "Z"
  }

  /// The day, as the credential scope names it.
  public var day: String { String(timestamp.prefix(8)) }
}
