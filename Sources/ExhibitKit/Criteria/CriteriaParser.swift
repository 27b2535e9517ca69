import Crypto
import Foundation

/// What reading one file gave: a criteria document, or a document that is not criteria.
public enum CriteriaParseOutcome: Sendable, Equatable {
  case document(CriteriaDocument)
  /// Recognised as something else (a how-to guide, the markdown guide) and left out, with why.
  case skipped(path: String, reason: String)
}

/// Reads a criteria document in any of the three formats into a ``CriteriaDocument``.
///
/// The format is detected from the text: front matter opens with `---`; the current markdown
/// has `#` headings; a rendered page has `•` bullets and plain headings. The component is
/// MagentaA11y's own name: a `--component` override, else a markdown or Jekyll document's file
/// name (`native/controls/checkbox.md`), else a rendered page's "Full information" link, else its
/// prose (`How to test a …`, a Jekyll title), and last what its text talks about (see
/// ``ComponentNaming``).
public struct CriteriaParser: Sendable {
  /// A component (`native/checkbox`) every parsed document is filed under, when given.
  public var componentOverride: (family: Family, slug: String)?
  /// Component slugs to recognise when a document names none (e.g. those already imported).
  public var knownComponents: [String]

  /// Creates a parser.
  public init(componentOverride: (family: Family, slug: String)? = nil, knownComponents: [String] = []) {
    self.componentOverride = componentOverride
    self.knownComponents = knownComponents
  }

  /// Parses one document.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The path to name in diagnostics and to read family and component from.
  /// - Returns: The document, or why it was skipped.
  /// - Throws: ``CriteriaParseError`` with the line for what is not a readable document.
  public func parse(bytes: [UInt8], path: String) throws -> CriteriaParseOutcome {
    let text = try TextLines(bytes: bytes, path: path)
    let lines = text.lines
    var body = ParsedBody()
    let format: CriteriaFormat
    var title: String?
    let firstLine = lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    if firstLine?.trimmingCharacters(in: .whitespaces) == "---" {
      format = .jekyllFrontMatter
      let start = lines.firstIndex { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? 0
      let shifted = Array(lines[start...])
      title = try FrontMatterCriteriaParser(path: path).parse(shifted, into: &body)
      body.items = body.items.map {
        var item = $0; item.line += start; return item
      }
    } else if lines.contains(where: {
      MarkdownCriteriaParser.heading($0.trimmingCharacters(in: .whitespaces)) != nil
    }) {
      format = .magentaMarkdown
      MarkdownCriteriaParser(family: .native).parse(lines[...], into: &body)
    } else if RenderedTextCriteriaParser.looksRendered(lines) {
      format = .renderedText
      RenderedTextCriteriaParser().parse(lines, into: &body)
    } else {
      return .skipped(path: path, reason: Self.notCriteria)
    }
    guard body.hasCriteria || !body.items.isEmpty else {
      return .skipped(path: path, reason: Self.notCriteria)
    }
    let naming = try naming(of: body, text: text.text, path: path, namedByFile: format != .renderedText)
    let family = naming.family
    let items = CriteriaText.uniquingSlugs(
      body.items.map { item in
        var copy = item
        let scope = CriteriaScope(expectation: item.expectation, family: family, section: item.section)
        copy.platforms = scope.platforms
        copy.notApplicable = scope.notApplicable
        copy.notes = scope.notes
        return copy
      })
    let videos = body.videos.map { video in
      var copy = video
      let described = video.heading.isEmpty ? video.source : video.heading
      var context = SessionContext(text: described, family: family)
      if context.browser == nil {
        context.browser = SessionContext(text: video.source, family: family).browser
      }
      copy.context = SessionContextValue(context)
      return copy
    }
    let readableTitle =
      title ?? (body.proseSlug ?? naming.slug).split(separator: "-").joined(separator: " ").capitalizedFirst
    var document = CriteriaDocument(
      family: family, category: naming.category, component: naming.slug, aliases: naming.aliases,
      namingWarning: naming.warning, title: readableTitle, sourcePath: path,
      format: format, sha256: SHA256.hash(data: bytes).hexString,
      generalNotes: body.generalNotes.joined(separator: "\n"), gherkinGiven: body.gherkinGiven,
      items: items, scenarios: body.scenarios, notes: body.notes.notes,
      announcements: body.notes.announcements, videos: videos, filedByHand: componentOverride != nil)
    document.relatedCriteria = body.relatedCriteria
    return .document(document)
  }

  /// Why a document is skipped: the same words for every document that states no criteria.
  public static let notCriteria =
    "not criteria (a guide or notes page): it has no Condensed section, front-matter criteria or rendered criteria list"

  private func naming(of body: ParsedBody, text: String, path: String, namedByFile: Bool) throws
    -> ComponentNaming
  {
    let naming = ComponentNaming.settle(
      link: body.link, path: DocumentIdentity.fromPath(path), namedByFile: namedByFile,
      proseSlug: body.proseSlug,
      frontMatterCategory: body.frontMatterCategory, override: componentOverride,
      knownComponents: Set(knownComponents + DocumentIdentity.knownComponents),
      fallbackFamily: { Self.familyFromText(text, notes: body.notes.notes) },
      guess: {
        let opening = body.notes.notes.prefix(3).map(\.text).joined(separator: " ")
        let vocabulary = Array(Set(knownComponents + DocumentIdentity.knownComponents)).sorted()
        return DocumentIdentity.guessComponent(in: opening, vocabulary: vocabulary)
          ?? DocumentIdentity.guessComponent(in: text, vocabulary: vocabulary)
      })
    guard let naming else {
      throw CriteriaParseError(
        path: path, line: 1,
        reason: "cannot tell which component this document describes; import it with --component FAMILY/NAME")
    }
    return naming
  }

  /// `Native Accessibility Acceptance Criteria` or iOS/Android developer notes mean native.
  private static func familyFromText(_ text: String, notes: [DeveloperNote]) -> Family {
    let lowered = text.lowercased()
    if lowered.contains("web accessibility acceptance criteria") { return .web }
    if lowered.contains("native accessibility acceptance criteria")
      || lowered.contains("native app accessibility")
      || notes.contains(where: { $0.platform == "ios" || $0.platform == "android" })
    {
      return .native
    }
    return .web
  }
}

extension String {
  /// The text with its first letter capitalised: `date time picker` → `Date time picker`.
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
