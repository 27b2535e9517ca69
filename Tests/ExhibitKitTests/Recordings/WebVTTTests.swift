import Foundation
import Testing

@testable import ExhibitKit

@Suite struct WebVTTTests {
  private func parse(_ text: String) throws -> WebVTT {
    try WebVTT.parse(Array(text.utf8), path: "captions.vtt")
  }

  @Test func identifiersTimestampsAndMultiLineText() throws {
    let captions = try parse(
      "WEBVTT\n\nfa43-0\n00:00:00.840 --> 00:00:03.680\nSet as default checkbox\nunchecked.\n\n00:04.800 --> 00:10.000\nChecked.\n"
    )
    #expect(captions.cues.count == 2)
    #expect(captions.cues[0].identifier == "fa43-0")
    #expect(captions.cues[0].startMilliseconds == 840 && captions.cues[0].endMilliseconds == 3680)
    #expect(captions.cues[0].text == "Set as default checkbox\nunchecked.")
    #expect(captions.cues[1].identifier == nil)
    #expect(captions.cues[1].startMilliseconds == 4800)
    #expect(captions.warnings.isEmpty)
  }

  @Test func bomCRLFAndLoneCRAreAccepted() throws {
    let bom = try WebVTT.parse(
      [0xEF, 0xBB, 0xBF] + Array("WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nOne\r\n".utf8), path: "a.vtt")
    #expect(bom.cues.map(\.text) == ["One"])
    let cr = try parse("WEBVTT\r\r00:01.000 --> 00:02.000\rOne\r\r00:03.000 --> 00:04.000\rTwo\r")
    #expect(cr.cues.map(\.text) == ["One", "Two"])
  }

  @Test func noteStyleAndRegionBlocksAreSkipped() throws {
    let captions = try parse(
      """
      WEBVTT - with a header

      STYLE
      ::cue { color: yellow }

      REGION
      id:left width:40%

      NOTE this is a comment
      spanning lines

      00:00:01.000 --> 00:00:02.500 align:start line:0
      <v Reader>Double tap</v> to &amp; toggle

      """)
    #expect(captions.cues.count == 1)
    #expect(captions.cues[0].text == "Double tap to & toggle")
    #expect(captions.cues[0].settings == "align:start line:0")
  }

  @Test func nulsAreReplacedAndEveryReferenceIsDecoded() throws {
    let captions = try parse(
      "WEBVTT\n\n00:01.000 --> 00:02.000\nA\0B &lt;b&gt; &nbsp;&lrm;&rlm;&amp;lt;\n\n00:03.000 --> 00:04.000\nplain\n"
    )
    #expect(captions.cues.map(\.text) == ["A\u{FFFD}B <b> \u{00A0}\u{200E}\u{200F}&lt;", "plain"])
  }

  @Test func timingWhitespaceIsSpaceTabOrFormFeedAsTheParsingRulesSay() throws {
    let captions = try parse(
      "WEBVTT\n\n\u{0C}00:01.000\t-->\u{0C} 00:02.000 \u{0C}align:end\t\n<b>One</b>\n\n\u{A0}00:03.000 --> 00:04.000\nTwo\n"
    )
    #expect(captions.cues.map(\.text) == ["One"])
    #expect(captions.cues.first?.settings == "align:end")
    // A no-break space is not WebVTT whitespace: that timing line is bad.
    #expect(captions.warnings.map(\.line) == [6])
  }

  @Test func onlyTheSignatureMeansZeroCues() throws {
    #expect(try parse("WEBVTT").cues.isEmpty)
    #expect(try parse("WEBVTT\n").cues.isEmpty)
  }

  @Test func badCuesAreSkippedWithAWarningAndTheRestRead() throws {
    let captions = try parse(
      "WEBVTT\n\n00:01.000 --> 00:02\nBad end\n\n00:05.000 --> 00:04.000\nBackwards\n\n00:61.000 --> 01:02.000\nBad seconds\n\n00:06.000 --> 00:07.000\nGood\n"
    )
    #expect(captions.cues.map(\.text) == ["Good"])
    #expect(captions.warnings.map(\.line) == [3, 6, 9])
  }

  @Test func aFileWithoutTheSignatureIsNotWebVTT() {
    #expect(throws: WebVTT.ParseError.self) {
      _ = try parse("1\n00:00:01,000 --> 00:00:02,000\nSRT, not VTT\n")
    }
    #expect(throws: WebVTT.ParseError.self) { _ = try parse("WEBVTTX\n") }
    #expect(throws: WebVTT.ParseError.self) { _ = try WebVTT.parse([], path: "empty.vtt") }
  }

  @Test func sidecarNamesAndLanguages() {
    #expect(
      WebVTT.sidecarLanguage(captionFile: "checkboxVoiceOver-en-US.vtt", videoStem: "checkboxVoiceOver")
        == .some("en-US"))
    #expect(
      WebVTT.sidecarLanguage(captionFile: "checkboxVoiceOver.en.vtt", videoStem: "checkboxVoiceOver")
        == .some("en"))
    #expect(
      WebVTT.sidecarLanguage(captionFile: "checkboxVoiceOver.vtt", videoStem: "checkboxVoiceOver")
        == .some(nil))
    #expect(
      WebVTT.sidecarLanguage(captionFile: "checkboxVoiceOver-extra-notes.vtt", videoStem: "checkboxVoiceOver")
        == nil)
    #expect(WebVTT.sidecarLanguage(captionFile: "checkbox-en-US.vtt", videoStem: "checkboxVoiceOver") == nil)
  }
}

/// Cue counts of the real caption files match what a conformant parser reads; skipped without them.
@Suite(.enabled(if: Repository.corpus != nil, "../shared/corpus is absent"))
struct CorpusCaptionTests {
  @Test func everyCorpusCaptionFileParsesWithoutWarnings() throws {
    let corpus = try #require(Repository.corpus).appendingPathComponent("media")
    let files = (FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String } ?? [])
      .filter { $0.hasSuffix(".vtt") }
    #expect(files.count == 9)
    for file in files {
      let url = corpus.appendingPathComponent(file)
      let bytes = Array(try Data(contentsOf: url))
      let captions = try WebVTT.parse(bytes, path: url.path)
      #expect(captions.warnings.isEmpty, "\(file)")
      // Independent count: timing lines in the file.
      let timingLines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "-->").count - 1
      #expect(captions.cues.count == timingLines, "\(file)")
      #expect(captions.cues.allSatisfy { !$0.text.isEmpty })
    }
  }
}
