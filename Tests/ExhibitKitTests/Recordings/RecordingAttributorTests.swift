import Testing

@testable import ExhibitKit

@Suite struct RecordingAttributorTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let path: String
    let component: String?
    let platform: Platform?
    let tech: AssistiveTech?
    let browser: Browser?
    var testDescription: String { path }
  }

  /// The naming conventions real libraries use, with the component each names imported.
  static let names: [Case] = [
    Case(
      path: "/m/checkboxVoiceOver.webm", component: "checkbox", platform: .ios, tech: .voiceover, browser: nil
    ),
    Case(
      path: "/m/buttonIosVoiceover.webm", component: "button", platform: .ios, tech: .voiceover, browser: nil),
    Case(
      path: "/m/slider-iOSVoiceover.webm", component: "slider", platform: .ios, tech: .voiceover, browser: nil
    ),
    Case(
      path: "/m/checkbox_WindowsJawsChrome.webm", component: "checkbox", platform: .windows, tech: .jaws,
      browser: .chrome),
    Case(path: "/m/headingJAWS.webm", component: "heading", platform: .windows, tech: .jaws, browser: nil),
    Case(
      path: "/m/search-desktop-safari.webm", component: "search", platform: nil, tech: nil, browser: .safari),
    Case(
      path: "/m/web/checkbox/MacOS-VoiceOver-Safari.webm", component: "checkbox", platform: .macos,
      tech: .voiceover,
      browser: .safari),
    Case(
      path: "/m/toggle-switch_Talkback.webm", component: "toggle-switch", platform: .android, tech: .talkback,
      browser: nil),
    Case(path: "/m/table_nvda.webm", component: "table", platform: .windows, tech: .nvda, browser: nil),
    Case(
      path: "/m/checkboxvoiceover.webm", component: "checkbox", platform: .ios, tech: .voiceover, browser: nil
    ),
    Case(
      path: "/m/radios_AndriodTalkback.mp4", component: "radios", platform: .android, tech: .talkback,
      browser: nil),
  ]

  @Test(arguments: names)
  func fileNamesOfEveryConvention(_ example: Case) {
    let family: Family = example.path.contains("/web/") ? .web : .native
    let known = example.component.map { [(family, $0)] } ?? []
    let attribution = RecordingAttributor(references: [], knownComponents: known).attribute(
      path: example.path, tags: [:])
    #expect(attribution.component?.value == example.component)
    #expect(attribution.platform?.value == example.platform?.rawValue)
    #expect(attribution.assistiveTech?.value == example.tech?.rawValue)
    #expect(attribution.browser?.value == example.browser?.rawValue)
  }

  /// Without criteria that know a component, no name part or folder becomes one: the same files
  /// are unattributed, and so are names that say nothing (`session-0412`, `IMG_2231`).
  @Test func noComponentIsInventedFromANameOrFolder() {
    let empty = RecordingAttributor(references: [], knownComponents: [])
    for example in Self.names {
      let attribution = empty.attribute(path: example.path, tags: [:])
      #expect(attribution.component == nil, "\(example.path)")
      #expect(attribution.platform?.value == example.platform?.rawValue, "\(example.path)")
    }
    let known = RecordingAttributor(
      references: [], knownComponents: [(.native, "checkbox"), (.web, "checkbox"), (.web, "button")])
    for path in [
      "/w/Media/inbox/session-0412.webm", "/w/Media/IMG_2231.webm", "/w/Media/web/session/session-0412.webm",
      "/w/Media/native/stepper/stepper_Talkback.webm",
    ] {
      #expect(known.attribute(path: path, tags: [:]).component == nil, "\(path)")
    }
  }

  @Test func namesResolveToImportedComponents() {
    let attributor = RecordingAttributor(
      references: [], knownComponents: [(.native, "switch"), (.web, "toggle-switch"), (.web, "radio-button")])
    #expect(
      attributor.attribute(path: "/m/toggleswitch-talkback.webm", tags: [:]).component?.value
        == "toggle-switch")
    let radio = attributor.attribute(path: "/m/web/radio/radioNvda.webm", tags: [:])
    #expect(radio.component?.value == "radio-button")
    #expect(radio.family?.value == "web")
  }

  @Test func folderNamesAreReadThroughTheDocumentsReferences() {
    let reference = CriteriaVideoReference(
      family: .web, component: "radio-button",
      sourcePath: "media/video/web/radio/radio_WindowsJawsChrome.webm",
      platform: .windows, assistiveTech: .jaws, browser: .chrome)
    let attributor = RecordingAttributor(references: [reference], knownComponents: [(.web, "radio-button")])
    // Named by the document: everything comes from it.
    let named = attributor.attribute(
      path: "/lib/media/video/web/radio/radio_WindowsJawsChrome.webm", tags: [:])
    #expect(named.component == Attributed("radio-button", .criteria))
    #expect(named.platform == Attributed("windows", .criteria))
    #expect(named.browser == Attributed("chrome", .criteria))
    // Not named, but in the folder the document's videos live in.
    let other = attributor.attribute(path: "/lib/media/video/web/radio/group-MacOsVoiceOver.webm", tags: [:])
    #expect(other.component == Attributed("radio-button", .folder))
    #expect(other.family == Attributed("web", .folder))
    #expect(other.platform == Attributed("macos", .name))
  }

  @Test func theDocumentOutranksTheFileName() {
    let reference = CriteriaVideoReference(
      family: .native, component: "checkbox", sourcePath: "media/native/checkbox/clip.webm",
      platform: .android,
      assistiveTech: .talkback)
    let attribution = RecordingAttributor(references: [reference], knownComponents: [(.native, "checkbox")])
      .attribute(
        path: "/w/Media/native/checkbox/clip.webm", tags: ["COM.APPLE.QUICKTIME.AUTHOR": "ReplayKitRecording"]
      )
    #expect(attribution.platform == Attributed("android", .criteria))
    #expect(attribution.assistiveTech == Attributed("talkback", .criteria))
  }

  @Test func aBareFileNameNamedByTwoDocumentsIsNotGuessed() {
    let references = [
      CriteriaVideoReference(
        family: .native, component: "checkbox", sourcePath: "a/native/checkbox/demo.webm"),
      CriteriaVideoReference(family: .native, component: "switch", sourcePath: "a/native/switch/demo.webm"),
    ]
    let attribution = RecordingAttributor(references: references, knownComponents: []).attribute(
      path: "/elsewhere/demo.webm", tags: [:])
    #expect(attribution.component?.source != .criteria)
  }

  @Test func containerTagsGivePlatformAndVersion() {
    let android = RecordingAttributor.fromTags(["COM.ANDROID.VERSION": "14"])
    #expect(android.platform == Attributed("android", .tags))
    #expect(android.osVersion == Attributed("Android 14", .tags))
    let ios = RecordingAttributor.fromTags([
      "COM.APPLE.QUICKTIME.AUTHOR": "ReplayKitRecording", "com.apple.quicktime.software": "17.2",
    ])
    #expect(ios.platform == Attributed("ios", .tags))
    #expect(ios.osVersion == Attributed("iOS 17.2", .tags))
    let windows = RecordingAttributor.fromTags([
      "ARTIST": "Microsoft Game DVR", "title": "This is a web page - Google Chrome",
    ])
    #expect(windows.platform == Attributed("windows", .tags))
    #expect(windows.browser == Attributed("chrome", .tags))
    #expect(RecordingAttributor.fromTags(["ENCODER": "Lavf61.7.100"]) == RecordingAttribution())
    // The names are matched in any case, anywhere in the tag.
    #expect(
      RecordingAttributor.fromTags(["comment": "captured by MICROSOFT game dvr 2"]).platform
        == Attributed("windows", .tags))
    #expect(RecordingAttributor.fromTags(["comment": "Microsoft Game"]).platform == nil)
  }

  @Test func asciiCaseIsIgnoredAndEverythingElseCompared() {
    #expect("xxReplayKitRecording".containsIgnoringASCIICase("replaykit"))
    #expect("REPLAYKIT".containsIgnoringASCIICase("ReplayKit"))
    #expect(!"replay kit".containsIgnoringASCIICase("replaykit"))
    #expect(!"kit".containsIgnoringASCIICase("replaykit"))
    #expect("checkboxvoiceover".containsIgnoringASCIICase("voiceover"))
    #expect(!"ÉCLAIR".containsIgnoringASCIICase("éclair"))
    #expect("anything".containsIgnoringASCIICase(""))
  }

  @Test func theScreenReaderImpliesThePlatformByFamily() {
    let attributor = RecordingAttributor(references: [], knownComponents: [])
    #expect(
      attributor.attribute(path: "/m/native/switch/switch-voiceover.webm", tags: [:]).platform
        == Attributed("ios", .implied))
    #expect(
      attributor.attribute(path: "/m/web/link/link-voiceover-safari.webm", tags: [:]).platform
        == Attributed("macos", .implied))
    #expect(
      attributor.attribute(path: "/m/web/link/link_jaws.webm", tags: [:]).platform
        == Attributed("windows", .implied))
  }
}
