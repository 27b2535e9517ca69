// The criteria values a backend outside ExhibitKit (ExhibitPostgres) makes from its rows: the
// same initializers the SQLite side gets from Swift, opened to the package only.

extension GherkinStep {
  /// A step as stored.
  package init(storedKeyword keyword: String, text: String, depth: Int) {
    self.init(keyword: keyword, text: text, depth: depth)
  }
}

extension GherkinScenario {
  /// A scenario as stored.
  package init(storedTitle title: String, steps: [GherkinStep]) {
    self.init(title: title, steps: steps)
  }
}

extension DeveloperNote {
  /// A note as stored.
  package init(storedPlatform platform: String, framework: String, topic: String, text: String) {
    self.init(platform: platform, framework: framework, topic: topic, text: text)
  }
}

extension AnnouncementExample {
  /// An example as stored.
  package init(storedPlatform platform: String, framework: String, text: String) {
    self.init(platform: platform, framework: framework, text: text)
  }
}

extension VideoReference {
  /// A reference as stored.
  package init(storedHeading heading: String, source: String, caption: String?, context: SessionContextValue)
  {
    self.init(heading: heading, source: source, caption: caption, context: context)
  }
}

extension StoredCriteriaItem {
  /// An item as stored.
  package init(
    storedKey key: ItemKey, section: CriteriaSection, label: String, expectation: String,
    platforms: [Platform],
    notApplicable: Bool, notes: [String]
  ) {
    self.init(
      key: key, section: section, label: label, expectation: expectation, platforms: platforms,
      notApplicable: notApplicable, notes: notes)
  }
}

extension CriteriaDocumentSummary {
  /// A document revision as stored; `primary` when it supplies its component's current items.
  package init(
    storedID documentID: Int64, component: ComponentID, category: String, title: String, sourcePath: String,
    format: String, revision: Int, itemCount: Int, sha256: String, importedAt: String, primary: Bool,
    staleLinks: Int
  ) {
    self.init(
      documentID: documentID, component: component, family: component.family, category: category,
      title: title,
      sourcePath: sourcePath, format: format, revision: revision, itemCount: itemCount, sha256: sha256,
      importedAt: importedAt, primary: primary, staleLinks: staleLinks)
  }
}
