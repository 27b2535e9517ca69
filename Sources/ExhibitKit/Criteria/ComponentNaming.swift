/// How a document's component is named: MagentaA11y's own slug, the other names a user might
/// type for it, and a note when the document's sources disagree.
///
/// The slug is, best first, the last segment of the document's "Full information" link
/// (`#/native-criteria/controls/segmented-control` gives `segmented-control`), the file name
/// (`segmented-control.md`), and only when neither exists the prose (`How to test a segemented
/// control tabs`, a Jekyll title). The names that lost become aliases, and so does the
/// MagentaA11y category path (`controls/segmented-control`), so that every name still resolves.
struct ComponentNaming: Equatable {
  var family: Family
  var category: String
  var slug: String
  /// Other names of the component within its family: slugs, or `category/slug` paths.
  var aliases: [String]
  /// Says once where the link, the file name and the folder disagree; nil when they agree.
  var note: String?

  /// Settles the name from what a document says of itself and where it lies.
  ///
  /// - Parameters:
  ///   - link: The document's criteria link, if it has one.
  ///   - path: What the document's path says (`native/controls/checkbox.md`).
  ///   - proseSlug: The slug of the prose name (`How to test a …`, a Jekyll title).
  ///   - frontMatterCategory: A Jekyll entry's category.
  ///   - override: The component the user filed the document under, which wins over all.
  ///   - fallbackFamily: The family when nothing else names it.
  ///   - guess: Reads the subject from the text, asked only when nothing else names it.
  /// - Returns: The naming, or nil when no slug can be found.
  static func settle(
    link: DocumentIdentity?, path: DocumentIdentity, proseSlug: String?, frontMatterCategory: String?,
    override: (family: Family, slug: String)?, fallbackFamily: () -> Family, guess: () -> String?
  ) -> ComponentNaming? {
    let family = override?.family ?? link?.family ?? path.family ?? fallbackFamily()
    guard
      let slug = override?.slug ?? link?.component ?? path.component ?? proseSlug ?? guess(),
      !slug.isEmpty
    else { return nil }
    let category = link?.category ?? frontMatterCategory ?? path.category ?? ""
    var aliases: [String] = []
    func add(_ alias: String?) {
      guard let alias, !alias.isEmpty, alias != slug, !aliases.contains(alias) else { return }
      aliases.append(alias)
    }
    if override != nil { add(link?.component) }
    add(path.component)
    add(proseSlug)
    for categoryName in [link?.category, frontMatterCategory, path.category] {
      if let categoryName, !categoryName.isEmpty { add("\(CriteriaText.slug(categoryName))/\(slug)") }
    }
    return ComponentNaming(
      family: family, category: category, slug: slug, aliases: aliases,
      note: override == nil ? disagreement(link: link, path: path, family: family, slug: slug) : nil)
  }

  /// The component's identifier, `native/segmented-control`.
  var componentID: String { "\(family.rawValue)/\(slug)" }

  /// One sentence naming what the link overruled: the file name, the folder's family or its
  /// category.
  private static func disagreement(
    link: DocumentIdentity?, path: DocumentIdentity, family: Family, slug: String
  ) -> String? {
    guard let link, let linkCategory = link.category else { return nil }
    var overruled: [String] = []
    if let name = path.component, name != slug { overruled.append("the file name says `\(name)`") }
    if let folderFamily = path.family, folderFamily != family {
      overruled.append("the folder says `\(folderFamily.rawValue)`")
    }
    if let folderCategory = path.category,
      CriteriaText.slug(folderCategory) != CriteriaText.slug(linkCategory)
    {
      overruled.append("the folder says category `\(folderCategory)`")
    }
    guard !overruled.isEmpty else { return nil }
    return "named \(family.rawValue)/\(slug) after its Full information link "
      + "(\(family.rawValue)-criteria/\(linkCategory)/\(slug)); " + overruled.joined(separator: ", ")
  }
}
