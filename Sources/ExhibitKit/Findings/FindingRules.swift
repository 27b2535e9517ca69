import ExhibitModel

/// How findings follow the verdicts, as pure functions of a finding and a round, so the rules are
/// tested without a database (docs/findings.md says them in prose).
enum FindingRules {
  /// What a round's own verdicts (carried ones say nothing) say of a finding's columns.
  enum Outcome: Equatable {
    /// Some column fails.
    case fails
    /// Every column has a deciding pass.
    case passes
    /// No column has a verdict of this round.
    case silent
    /// Anything else: a conflict, some columns passed and others not judged, not applicable.
    case unsettled
  }

  /// The outcome of cells (nil where the round reads no cell for a column).
  static func outcome(_ cells: [Coverage.Cell?]) -> Outcome {
    let judged = cells.map { cell -> CombinedVerdict? in
      guard let cell, !cell.carried else { return nil }
      return cell.verdict
    }
    if judged.contains(.fail) { return .fails }
    if judged.contains(.conflict) { return .unsettled }
    if !judged.isEmpty, judged.allSatisfy({ $0 == .pass }) { return .passes }
    if judged.allSatisfy({ $0 == nil || $0 == .untested }) { return .silent }
    return .unsettled
  }

  /// The status a round moves a finding to, nil when it leaves it as it is.
  ///
  /// - In the round that found it: fails retracted (or judged again as a pass) withdraw an open or
  ///   filed finding; a fail again reopens a withdrawn one.
  /// - In a later round, one no earlier than the round that last moved it: a fail reopens a fixed
  ///   or withdrawn finding and regresses a verified one (a verification by this same round, judged
  ///   again as a fail, is undone to open); a pass in every column verifies an open, filed, fixed or
  ///   regressed one. Accepted and merged findings are left to the auditors.
  ///
  /// - Parameters:
  ///   - status: Its status now.
  ///   - outcome: What the round says of its columns.
  ///   - round: The round's audit id.
  ///   - found: The audit that found it.
  ///   - statusRound: The latest round that moved it.
  /// - Returns: The new status, or nil.
  static func next(
    _ status: FindingStatus, outcome: Outcome, round: Int64, found: Int64, statusRound: Int64
  ) -> FindingStatus? {
    guard status != .merged, status != .accepted, round >= statusRound else { return nil }
    if round == found {
      switch (status, outcome) {
      case (.withdrawn, .fails): return .open
      case (.open, .silent), (.open, .passes), (.filed, .silent), (.filed, .passes): return .withdrawn
      default: return nil
      }
    }
    switch (status, outcome) {
    case (.verified, .fails): return round == statusRound ? .open : .regressed
    case (.fixed, .fails), (.withdrawn, .fails): return .open
    case (.open, .passes), (.filed, .passes), (.fixed, .passes), (.regressed, .passes): return .verified
    default: return nil
    }
  }

  /// A new finding's title: the component's title, where, and the item
  /// (`Checkbox on iOS with VoiceOver: Role`).
  static func title(componentTitle: String, column: FindingColumn, label: String) -> String {
    let tech = column.assistiveTech.map { AssistiveTech(rawValue: $0)?.displayName ?? $0 }
    return "\(componentTitle) on \(column.platform.displayName)" + (tech.map { " with \($0)" } ?? "")
      + ": \(label)"
  }
}
