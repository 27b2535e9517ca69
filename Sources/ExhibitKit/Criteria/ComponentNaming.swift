/// How a document's component is named: MagentaA11y's own slug, the other names a user might
/// type for it, and a warning when the document's sources disagree.
///
/// A markdown or Jekyll document laid out as MagentaA11y lays them out (`native/controls/
/// segmented-control.md`) is named by its file name, as MagentaA11y's site builds each page's
/// route from it; its family and category come from the folders. A saved rendered page, whose
/// file name is whatever the browser gave it, is named by its "Full information" link, then its
/// prose title. The in-text link and the prose are checks: a link is written by hand and can
/// point at another component (MagentaA11y's modal page links to segmented-control), so a link
/// that disagrees names nothing and is reported. The prose slug and the category paths become
/// aliases, so that every name a user might type still resolves.
struct ComponentNaming: Equatable {
  var family: Family
  var category: String
  var slug: String
  /// Other names of the component within its family: slugs, or `category/slug` paths.
  var aliases: [String]
  /// Says where the link, the file name, the folder and the prose disagree; nil when they agree.
  var warning: String?

  /// Settles the name from what a document says of itself and where it lies.
  ///
  /// - Parameters:
  ///   - link: The document's criteria link, if it has one.
  ///   - path: What the document's path says (`native/controls/checkbox.md`).
  ///   - namedByFile: Whether the file name is the document's own name (markdown and Jekyll),
  ///     not one a browser gave a saved page.
  ///   - proseSlug: The slug of the prose name (`How to test a …`, a Jekyll title).
  ///   - frontMatterCategory: A Jekyll entry's category.
  ///   - override: The component the user filed the document under, which wins over all.
  ///   - knownComponents: Slugs of components the workspace or MagentaA11y has, so that prose
  ///     naming another one is reported.
  ///   - fallbackFamily: The family when nothing else names it.
  ///   - guess: Reads the subject from the text, asked only when nothing else names it.
  /// - Returns: The naming, or nil when no slug can be found.
  static func settle(
    link: DocumentIdentity?, path: DocumentIdentity, namedByFile: Bool, proseSlug: String?,
    frontMatterCategory: String?, override: (family: Family, slug: String)?,
    knownComponents: Set<String> = [],
    fallbackFamily: () -> Family, guess: () -> String?
  ) -> ComponentNaming? {
    let fileSlug = namedByFile ? path.component : nil
    let family: Family
    let chosen: String?
    let category: String
    if let override {
      (family, chosen) = (override.family, override.slug)
      category = path.category ?? frontMatterCategory ?? link?.category ?? ""
    } else if let fileSlug {
      (family, chosen) = (path.family ?? link?.family ?? fallbackFamily(), fileSlug)
      category = path.category ?? frontMatterCategory ?? link?.category ?? ""
    } else {
      family = link?.family ?? path.family ?? fallbackFamily()
      chosen = link?.component ?? proseSlug ?? path.component ?? guess()
      category = link?.category ?? frontMatterCategory ?? path.category ?? ""
    }
    guard let slug = chosen, !slug.isEmpty else { return nil }
    var aliases: [String] = []
    func add(_ alias: String?) {
      guard let alias, !alias.isEmpty, alias != slug, !aliases.contains(alias) else { return }
      aliases.append(alias)
    }
    // A link that names this very component, or one the user filed aside on purpose, is a name
    // for it; a link that disagrees is a slip and must not make another component's name resolve here.
    if override != nil { add(link?.component) }
    if !namedByFile { add(path.component) }
    add(proseSlug)
    for categoryName in [link?.category, frontMatterCategory, path.category] {
      if let categoryName, !categoryName.isEmpty { add("\(CriteriaText.slug(categoryName))/\(slug)") }
    }
    let naming = ComponentNaming(
      family: family, category: category, slug: slug, aliases: aliases, warning: nil)
    guard override == nil else { return naming }
    var checked = naming
    checked.warning = naming.disagreements(
      link: link, path: path, namedByFile: fileSlug != nil, proseSlug: proseSlug,
      knownComponents: knownComponents)
    return checked
  }

  /// The component's identifier, `native/segmented-control`.
  var componentID: String { "\(family.rawValue)/\(slug)" }

  /// One sentence naming what named the component and every check that disagrees with it.
  private func disagreements(
    link: DocumentIdentity?, path: DocumentIdentity, namedByFile: Bool, proseSlug: String?,
    knownComponents: Set<String>
  ) -> String? {
    var others: [String] = []
    if let link, let linkSlug = link.component, let linkFamily = link.family,
      linkSlug != slug || linkFamily != family
    {
      others.append(
        "its Full information link names \(linkFamily.rawValue)/\(linkSlug)"
          + (namedByFile ? " (the link is not followed)" : ""))
    }
    if let folderFamily = path.family, folderFamily != family {
      others.append("its folder says `\(folderFamily.rawValue)`")
    }
    if let proseSlug, proseSlug != slug, knownComponents.contains(proseSlug) {
      others.append("its title names \(family.rawValue)/\(proseSlug)")
    }
    guard !others.isEmpty else { return nil }
    let source = namedByFile ? "its file name" : "its Full information link"
    return "named \(componentID) after \(source); " + others.joined(separator: ", ")
  }
}
