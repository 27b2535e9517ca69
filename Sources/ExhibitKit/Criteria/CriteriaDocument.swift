/// The three document formats MagentaA11y criteria come in.
public enum CriteriaFormat: String, Sendable, Codable, CaseIterable {
  /// The current markdown: General Notes, Videos, Condensed, Gherkin, developer notes.
  case magentaMarkdown = "magenta-markdown"
  /// The older Jekyll entry: YAML front matter with criteria maps, then developer notes.
  case jekyllFrontMatter = "jekyll-front-matter"
  /// The text of a rendered page: plain headings, `•` bullets.
  case renderedText = "rendered-text"

  /// Which format's items a component's current criteria come from, best first.
  public var precedence: Int {
    switch self {
    case .magentaMarkdown: 0
    case .jekyllFrontMatter: 1
    case .renderedText: 2
    }
  }
}

/// Which part of the criteria an item belongs to.
public enum CriteriaSection: String, Sendable, Codable, CaseIterable {
  case keyboard
  case gestures
  case screenreader
  case settings
  case other
}

/// One acceptance criterion as a document states it: `Spacebar: Activates on iOS and Android`.
public struct CriteriaItem: Sendable, Equatable, Codable {
  public var section: CriteriaSection
  /// The label as written, e.g. `Tab, arrow keys or ctl+tab`.
  public var label: String
  /// The label as it appears in the item key, e.g. `tab-arrow-keys-or-ctl-tab`.
  public var slug: String
  /// What must happen, e.g. `Activates on iOS and Android`.
  public var expectation: String
  /// The platforms the item applies to, read from the text or the family's defaults.
  public var platforms: [Platform]
  /// Whether the document marks the item `n/a`.
  public var notApplicable: Bool
  /// Side sentences that name a platform or say n/a for part of the item ("Known issue: …",
  /// "N/A only for …"): kept with the item, scoping nothing.
  public var notes: [String] = []
  /// The line it was read from.
  public var line: Int

  /// The item's key within its component: `keyboard.spacebar`.
  public var localKey: String { "\(section.rawValue).\(slug)" }
}

/// A Gherkin step as the document writes it.
public struct GherkinStep: Sendable, Equatable, Codable {
  /// `GIVEN`, `WHEN`, `THEN`, `AND`, `BUT`, or empty for a continuation such as `I HEAR ...`.
  public var keyword: String
  public var text: String
  /// Nesting in the source: 0 for WHEN, 1 for THEN under it, 2 for AND under that.
  public var depth: Int
}

/// A numbered Gherkin scenario.
public struct GherkinScenario: Sendable, Equatable, Codable {
  public var title: String
  public var steps: [GherkinStep]
}

/// A piece of developer guidance.
public struct DeveloperNote: Sendable, Equatable, Codable {
  /// `ios`, `android`, or `general`.
  public var platform: String
  /// `uikit`, `swiftui`, `views`, `compose`, or empty.
  public var framework: String
  /// The heading it sits under, lowercased: `name`, `role`, `groupings`, `state`, `focus`, ...
  public var topic: String
  public var text: String
}

/// What a screen reader is expected to say.
public struct AnnouncementExample: Sendable, Equatable, Codable {
  public var platform: String
  public var framework: String
  public var text: String
}

/// A recording the document's Videos section names.
public struct VideoReference: Sendable, Equatable, Codable {
  /// The heading above it, as written (`Andriod Talkback`).
  public var heading: String
  /// The video's `src`, relative to the documentation root; empty when the page shows none.
  public var source: String
  /// The caption track's `src`, when given.
  public var caption: String?
  public var context: SessionContextValue
}

/// A ``SessionContext`` in a codable form.
public struct SessionContextValue: Sendable, Equatable, Codable {
  public var platform: Platform?
  public var assistiveTech: AssistiveTech?
  public var browser: Browser?

  public init(_ context: SessionContext) {
    platform = context.platform
    assistiveTech = context.assistiveTech
    browser = context.browser
  }
}

/// A parsed criteria document: what it is about and everything it states.
public struct CriteriaDocument: Sendable, Equatable {
  public var family: Family
  public var category: String
  /// The component's slug, e.g. `checkbox`: MagentaA11y's own (see ``CriteriaParser``).
  public var component: String
  /// Other names the component goes by within its family: the prose's slug, the file name,
  /// the category path (`controls/checkbox`).
  public var aliases: [String] = []
  /// Where the document's file name, link, folder and prose disagree, what named it; else nil.
  public var namingWarning: String?
  /// The component's name as the document's prose gives it.
  public var title: String
  public var sourcePath: String
  public var format: CriteriaFormat
  /// SHA-256 of the file's bytes: decides whether a re-import is a new revision.
  public var sha256: String
  public var generalNotes: String
  /// The Gherkin `GIVEN` line.
  public var gherkinGiven: String
  public var items: [CriteriaItem]
  public var scenarios: [GherkinScenario]
  public var notes: [DeveloperNote]
  public var announcements: [AnnouncementExample]
  public var videos: [VideoReference]
  /// The WCAG success criteria the document's own "Further Reading" or "Related WCAG" list names;
  /// empty when it has none (`exhibit wcag check` compares them with the mapping).
  public var relatedCriteria: [String] = []
  /// Whether the user filed the document under its component by hand (`--component`).
  public var filedByHand = false

  /// `native/checkbox`.
  public var componentID: String { "\(family.rawValue)/\(component)" }

  /// Where the document lies as MagentaA11y lays documents out (`native/controls/checkbox.md`),
  /// so that the same checkout read from another folder is the same document; the whole path
  /// when it lies elsewhere.
  public var placedPath: String { DocumentIdentity.placedPath(sourcePath) }

  /// The `item_hashes` text of the document's items (see ``CriteriaItemDigest``).
  var itemDigestText: String { CriteriaItemDigest.text(items.map(CriteriaItemDigest.init)) }
}
