import Foundation
import Testing

@testable import ExhibitKit

/// The real MagentaA11y recordings catalogued after their criteria are imported, checked
/// against ffprobe and sha256sum; skipped when `../shared/corpus` is absent.
@Suite(.enabled(if: Repository.corpus != nil, "../shared/corpus is absent"))
struct CorpusCatalogueTests {
  /// What each recording is of: component, platform, screen reader, browser.
  static let expected: [String: (String, String, String, String?)] = [
    "checkboxVoiceOver.webm": ("native/checkbox", "ios", "voiceover", nil),
    "checkboxTalkback.webm": ("native/checkbox", "android", "talkback", nil),
    "buttonIosVoiceover.webm": ("native/button", "ios", "voiceover", nil),
    "buttonAndroidTalkback.webm": ("native/button", "android", "talkback", nil),
    "checkbox_AndroidTalkback.webm": ("web/checkbox", "android", "talkback", nil),
    "checkbox_MacOsVoiceOverSafari.webm": ("web/checkbox", "macos", "voiceover", "safari"),
    "checkbox_WindowsJawsChrome.webm": ("web/checkbox", "windows", "jaws", "chrome"),
    "checkbox_WindowsNvdaChrome.webm": ("web/checkbox", "windows", "nvda", "chrome"),
  ]

  @Test(arguments: [true, false])
  func everyRecordingMatchesFFprobeAndSha256sum(withCriteria: Bool) async throws {
    let corpus = try #require(Repository.corpus)
    let folder = try TemporaryFolder()
    let store = try Store.open(at: folder.path("exhibit.sqlite"), access: .write)
    if withCriteria {
      let batch = CriteriaFiles.read(
        [corpus.appendingPathComponent("documentation").path], parser: CriteriaParser())
      _ = try store.importCriteria(batch.documents, actor: "t")
    }
    let summary = try await Cataloguer(store: store, actor: "t").run(
      CatalogueScope(paths: [corpus.appendingPathComponent("media").path]))
    #expect(summary.scanned == 8 && summary.added == 8 && summary.failed == 0)
    #expect(
      summary.orphanCaptions.map { ($0 as NSString).lastPathComponent } == ["checkbox_IosVoiceOver-en-US.vtt"]
    )
    let recordings = try store.recordings()
    #expect(recordings.count == 8)
    for recording in recordings {
      let name = (recording.path as NSString).lastPathComponent
      let reference = try FFprobe(recording.path)
      let duration = try #require(reference.formatDuration)
      #expect(abs((recording.durationSeconds ?? 0) - duration) <= 0.001, "\(name)")
      #expect(recording.sha256 == (try SampleWorkspace.sha256sum(recording.path)), "\(name)")
      let video = reference.streams.first { $0["codec_type"] as? String == "video" }
      #expect(recording.videoCodec == video?["codec_name"] as? String, "\(name)")
      #expect(
        recording.width == video?["width"] as? Int && recording.height == video?["height"] as? Int, "\(name)")
      let detail = try store.recordingDetail(id: try store.resolveRecording(recording.path))
      #expect(
        detail.streams.first { $0.kind == "video" }?.frameRate == video?["avg_frame_rate"] as? String,
        "\(name)")
      #expect(detail.streams.count == reference.streams.count, "\(name)")
      #expect(
        recording.audioCodec == reference.streams.first { $0["codec_type"] as? String == "audio" }?[
          "codec_name"]
          as? String)
      let expected = try #require(Self.expected[name], "\(name)")
      // Without criteria no component is known, so none is invented: each recording is unattributed.
      #expect(recording.component == (withCriteria ? expected.0 : nil), "\(name)")
      #expect(recording.platform == expected.1, "\(name)")
      #expect(recording.assistiveTech == expected.2, "\(name)")
      #expect(recording.browser == expected.3, "\(name)")
      let caption = recording.path.replacingOccurrences(of: ".webm", with: "-en-US.vtt")
      let timingLines =
        try String(contentsOfFile: caption, encoding: .utf8).components(separatedBy: "-->").count - 1
      #expect(recording.captionCues == timingLines, "\(name)")
    }
    if withCriteria {
      let id = try store.resolveRecording(
        corpus.appendingPathComponent("media/video/native/checkbox/checkboxTalkback.webm").path)
      let detail = try store.recordingDetail(id: id)
      #expect(detail.attribution.component?.source == .criteria)
      #expect(detail.attribution.osVersion == Attributed("Android 14", .tags))
    }
  }
}
