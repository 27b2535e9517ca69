/// Where the findings of two rounds' product stand once the newer round judged them, by finding
/// reference (`F-12`): fixed on the tracker or by an auditor, verified by the round's pass,
/// regressed by its fail, and still open (open or filed).
public struct FindingMoves: Sendable, Equatable, Encodable {
  public var fixed: [String] = []
  public var verified: [String] = []
  public var regressed: [String] = []
  public var open: [String] = []

  /// No findings.
  public init() {}

  /// Whether no finding is in any of the lists.
  public var isEmpty: Bool { fixed.isEmpty && verified.isEmpty && regressed.isEmpty && open.isEmpty }
}
