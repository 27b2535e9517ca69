import Foundation
import Testing

@testable import ExhibitKit

/// Speech logs of our own writing (Scripts/make-speech-logs.py, from what the speech fixture says
/// when) read in each format, and placed on the recording by offset and by what was heard.
@Suite struct SpeechLogTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/speech-logs")

  /// What the fixture says when: (start, end, words).
  static let said: [(start: Double, end: Double, text: String)] = {
    let text =
      (try? String(
        contentsOf: folder.deletingLastPathComponent().appendingPathComponent("media/announcements-said.txt"),
        encoding: .utf8)) ?? ""
    return ((try? WebVTT.parse(Array(text.utf8), path: "said").cues) ?? []).map {
      (Double($0.startMilliseconds) / 1000, Double($0.endMilliseconds) / 1000, $0.text)
    }
  }()

  static func log(_ name: String) throws -> SpeechLog {
    try SpeechLog.read(path: folder.appendingPathComponent(name).path)
  }

  /// Heard as a recogniser would hear it: each announcement one utterance from its start to its
  /// end, with its role and state words heard at its start (every third one not heard at all).
  static func heard() -> (phrases: [HeardTrack.HeardPhrase], utterances: [HeardTrack.Utterance]) {
    var phrases: [HeardTrack.HeardPhrase] = []
    var utterances: [HeardTrack.Utterance] = []
    for (index, said) in Self.said.enumerated() where index % 3 != 2 {
      utterances.append(.init(startSeconds: said.start - 0.2, endSeconds: said.end + 0.3))
      let words = ListeningVocabulary.normalise(said.text)
      for phrase in [
        "not checked", "checked", "button", "checkbox", "heading level two", "switch", "collapsed",
      ]
      where (" " + words + " ").contains(" " + phrase + " ") {
        phrases.append(
          .init(startSeconds: said.start + 0.3, endSeconds: said.start + 0.9, text: phrase, confidence: 0.9))
        break
      }
    }
    return (phrases, utterances)
  }

  @Test func eachFormatIsReadWithWhatWasSaid() throws {
    #expect(Self.said.count == 26)
    let nvda = try Self.log("nvda-io.log")
    #expect(nvda.format == .nvda && nvda.isTimed && nvda.entries.count == 26)
    #expect(nvda.entries[0].text == "Email me updates, check box, not checked, Double tap to toggle")
    #expect(nvda.entries[0].seconds == 0)
    // The log passes midnight: its times still rise, as the fixture's do.
    for (entry, said) in zip(nvda.entries, Self.said) {
      #expect(abs((entry.seconds ?? -1) - (said.start - 0.5)) < 0.002, "\(entry.text)")
    }
    let guidepup = try Self.log("guidepup-spoken-phrases.json")
    #expect(
      guidepup.format == .guidepup && !guidepup.isTimed
        && guidepup.entries.map(\.text) == Self.said.map(\.text))
    let atDriver = try Self.log("at-driver-output.jsonl")
    #expect(atDriver.format == .atDriver && atDriver.entries.map(\.text) == Self.said.map(\.text))
    let text = try SpeechLog.parse("Submit, button\n\n  Dark mode, switch, on \n", path: "said.txt")
    #expect(text.format == .text && text.entries.map(\.text) == ["Submit, button", "Dark mode, switch, on"])
    // A command's argument is not speech; escapes are read.
    #expect(
      SpeechLog.stringLiterals(#"[LangChangeCommand ('en_US'), 'it\'s on', "say \"hi\""]"#) == [
        "it's on", #"say "hi""#,
      ])
  }

  @Test func whatIsNotALogIsNamedWithTheReason() throws {
    for (text, reason) in [
      ("", "holds nothing"), ("{\"id\": 1}", "without an interaction.capturedOutput"),
      ("[1, 2]", "neither a list"),
      ("{\"a\": 1}\nnot json", "line 2 is not JSON"), ("Speaking ['x']", "no header with its time"),
    ] {
      #expect(throws: SpeechLogError.self) { try SpeechLog.parse(text, path: "log.txt") }
      do { _ = try SpeechLog.parse(text, path: "log.txt") } catch let error as SpeechLogError {
        #expect(error.description.hasPrefix("log.txt: ") && error.description.contains(reason), "\(error)")
      }
    }
    let binary = FileManager.default.temporaryDirectory.appendingPathComponent("speech-\(UUID()).bin")
    try Data([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 1]).write(to: binary)
    defer { try? FileManager.default.removeItem(at: binary) }
    #expect(throws: SpeechLogError(path: binary.path, reason: "is not text (UTF-8)")) {
      try SpeechLog.read(path: binary.path)
    }
  }

  @Test func aTimedLogIsPlacedByTheOffsetGivenOrByWhatWasHeard() throws {
    let nvda = try Self.log("nvda-io.log")
    let given = try SpeechLogAlignment.align(nvda, offset: 0.5, heard: [], utterances: [], duration: 90)
    #expect(given.method == .offset && given.cues.count == 26 && given.outside == 0)
    for (cue, said) in zip(given.cues, Self.said) { #expect(abs(cue.startSeconds - said.start) < 0.002) }
    let (phrases, utterances) = Self.heard()
    let matched = try SpeechLogAlignment.align(
      nvda, offset: nil, heard: phrases, utterances: utterances, duration: 90)
    #expect(
      matched.method == .heard && matched.matched >= 10,
      "\(matched.matched) of \(phrases.count): \(phrases.map(\.text))")
    #expect(abs((matched.offsetSeconds ?? 99) - 0.3) < 0.05, "\(String(describing: matched.offsetSeconds))")
    // Too late an offset leaves the end out, and says how much.
    let late = try SpeechLogAlignment.align(nvda, offset: 30, heard: [], utterances: [], duration: 90)
    #expect(late.outside > 0 && late.cues.count + late.outside == 26)
  }

  /// Two entries whose words both hold "checkbox" and "checked", heard in two utterances: each
  /// takes the phrases of its own utterance, though giving the second entry the first
  /// utterance's "checked" as well would take as many phrases.
  @Test func entriesKeepToTheirUtterances() throws {
    func phrase(_ text: String, _ start: Double) -> HeardTrack.HeardPhrase {
      .init(startSeconds: start, endSeconds: start + 0.5, text: text, confidence: 0.9)
    }
    let log = try SpeechLog.parse(
      "Send me a copy, checkbox, checked\nRemember me, checkbox, not checked", path: "two.txt")
    let placed = try SpeechLogAlignment.align(
      log, offset: nil,
      heard: [phrase("checkbox", 1), phrase("checked", 2), phrase("checkbox", 5), phrase("not checked", 6)],
      utterances: [.init(startSeconds: 0.8, endSeconds: 2.8), .init(startSeconds: 4.8, endSeconds: 6.8)],
      duration: 10)
    #expect(placed.matched == 2)
    #expect(placed.cues.map(\.startSeconds) == [0.8, 4.8])
    #expect(placed.cues.map(\.endSeconds) == [2.8, 6.8])
  }

  @Test func anUntimedLogIsPlacedByWhatWasHeardTheRestBetween() throws {
    let (phrases, utterances) = Self.heard()
    for name in ["guidepup-spoken-phrases.json", "at-driver-output.jsonl"] {
      let log = try Self.log(name)
      let placed = try SpeechLogAlignment.align(
        log, offset: nil, heard: phrases, utterances: utterances, duration: 90)
      #expect(placed.cues.count == 26 && placed.matched >= 10, "\(name)")
      // Every cue in order, and each matched one where it was said.
      #expect(zip(placed.cues, placed.cues.dropFirst()).allSatisfy { $0.startSeconds <= $1.startSeconds })
      let close = zip(placed.cues, Self.said).filter { abs($0.startSeconds - $1.start) < 1 }.count
      #expect(close >= 17, "\(name): \(close) of 26 within a second")
      #expect(throws: SpeechLogAlignmentError.offsetWithoutTimes(log.format)) {
        try SpeechLogAlignment.align(log, offset: 1, heard: phrases, utterances: utterances, duration: 90)
      }
    }
    let guidepup = try Self.log("guidepup-spoken-phrases.json")
    #expect(throws: SpeechLogAlignmentError.notHeard(timed: false)) {
      try SpeechLogAlignment.align(guidepup, offset: nil, heard: [], utterances: [], duration: 90)
    }
    let elsewhere = [HeardTrack.HeardPhrase(startSeconds: 1, endSeconds: 2, text: "slider", confidence: 0.9)]
    let other = try SpeechLog.parse("Volume\nMute, toggle button", path: "other.txt")
    #expect(throws: SpeechLogAlignmentError.nothingMatches(timed: false)) {
      try SpeechLogAlignment.align(other, offset: nil, heard: elsewhere, utterances: [], duration: 90)
    }
  }
}
