import ExhibitModel
import Testing

@testable import ExhibitKit

/// How findings follow the rounds, as pure functions: the outcome of a round's cells, and the
/// status it moves a finding to.
@Suite struct FindingRulesTests {
  private static func cell(_ verdict: CombinedVerdict?, carried: Bool = false) -> Coverage.Cell {
    var cell = Coverage.Cell(
      platform: .ios, assistiveTech: "voiceover", verdict: verdict, links: verdict == nil ? 0 : 1,
      segments: [])
    cell.carried = carried
    return cell
  }

  @Test func aRoundsOwnVerdictsDecideItsOutcomeAndCarriedOnesSayNothing() {
    #expect(FindingRules.outcome([Self.cell(.fail)]) == .fails)
    #expect(FindingRules.outcome([Self.cell(.pass), Self.cell(.fail)]) == .fails)
    #expect(FindingRules.outcome([Self.cell(.pass), Self.cell(.pass)]) == .passes)
    #expect(FindingRules.outcome([Self.cell(.pass), nil]) == .unsettled)
    #expect(FindingRules.outcome([Self.cell(.conflict)]) == .unsettled)
    #expect(FindingRules.outcome([Self.cell(.fail, carried: true)]) == .silent)
    #expect(FindingRules.outcome([nil, Self.cell(.untested)]) == .silent)
  }

  @Test func aLaterRoundVerifiesReopensAndRegresses() {
    func next(
      _ status: FindingStatus, _ outcome: FindingRules.Outcome, round: Int64 = 2, statusRound: Int64 = 1
    )
      -> FindingStatus?
    {
      FindingRules.next(status, outcome: outcome, round: round, found: 1, statusRound: statusRound)
    }
    for status in [FindingStatus.open, .filed, .fixed, .regressed] {
      #expect(next(status, .passes) == .verified)
    }
    #expect(next(.fixed, .fails) == .open)
    #expect(next(.verified, .fails, round: 3, statusRound: 2) == .regressed)
    // A verification this same round judged again as a fail is undone, not a regression.
    #expect(next(.verified, .fails, round: 2, statusRound: 2) == .open)
    #expect(next(.open, .fails) == nil)
    #expect(next(.accepted, .passes) == nil && next(.merged, .fails) == nil)
    #expect(next(.open, .silent) == nil && next(.open, .unsettled) == nil)
    // A round earlier than the one that last moved it says nothing now.
    #expect(next(.verified, .fails, round: 2, statusRound: 3) == nil)
  }

  @Test func theRoundThatFoundItWithdrawsItWhenItsFailsAreGone() {
    func next(_ status: FindingStatus, _ outcome: FindingRules.Outcome) -> FindingStatus? {
      FindingRules.next(status, outcome: outcome, round: 1, found: 1, statusRound: 1)
    }
    #expect(next(.open, .silent) == .withdrawn)
    #expect(next(.filed, .passes) == .withdrawn)
    #expect(next(.withdrawn, .fails) == .open)
    #expect(next(.open, .fails) == nil && next(.fixed, .silent) == nil && next(.open, .unsettled) == nil)
  }

  @Test func draftsATitleAndASeverity() throws {
    let role = try #require(ItemKey("native/checkbox#screenreader.role"))
    #expect(
      FindingRules.title(
        componentTitle: "Checkbox",
        column: FindingColumn(item: role, platform: .ios, assistiveTech: "voiceover"),
        label: "Role") == "Checkbox on iOS with VoiceOver: Role")
    let keys = try #require(ItemKey("native/checkbox#keyboard.spacebar"))
    #expect(
      FindingRules.title(
        componentTitle: "Checkbox", column: FindingColumn(item: keys, platform: .android, assistiveTech: nil),
        label: "Spacebar") == "Checkbox on Android: Spacebar")
    #expect(FindingSeverity.drafted(for: .keyboard) == .critical)
    #expect(FindingSeverity.drafted(for: .screenreader) == .serious)
    #expect(FindingSeverity.drafted(for: .settings) == .moderate)
    #expect(Finding.number("F-12") == 12 && Finding.number("f-3") == 3 && Finding.number("7") == 7)
    #expect(Finding.number("F-") == nil && Finding.number("G-1") == nil && Finding.number("-2") == nil)
  }
}
