import ExhibitStorage

// The criteria tables' rows, read strictly: a damaged row is an error naming its column.

/// A row of `criteria_document`: one revision of one component's document in one format.
struct CriteriaDocumentRow: TableRecord {
  static let table = "criteria_document"
  static let columns = [
    "id", "family", "category", "component", "title", "source_path", "format", "sha256", "revision",
    "general_notes", "gherkin_given", "imported_at",
  ]
  let id: Int64
  let component: ComponentID
  let category: String
  let title: String
  let sourcePath: String
  let format: CriteriaFormat
  let sha256: String
  let revision: Int
  let generalNotes: String
  let gherkinGiven: String
  let importedAt: String

  init(row: Row) throws {
    id = try row.decode("id")
    component = ComponentID(family: try row.decode("family"), slug: try row.decode("component"))
    category = try row.decode("category")
    title = try row.decode("title")
    sourcePath = try row.decode("source_path")
    format = try row.decode("format")
    sha256 = try row.decode("sha256")
    revision = try row.decode("revision")
    generalNotes = try row.decode("general_notes")
    gherkinGiven = try row.decode("gherkin_given")
    importedAt = try row.decode("imported_at")
  }

  /// The document as listings show it, as the one a reading is made against (`primary`), with
  /// no stale links counted.
  func summary(itemCount: Int) -> CriteriaDocumentSummary {
    CriteriaDocumentSummary(
      documentID: id, component: component, family: component.family, category: category, title: title,
      sourcePath: sourcePath, format: format.rawValue, revision: revision, itemCount: itemCount,
      sha256: sha256,
      importedAt: importedAt, primary: true, staleLinks: 0)
  }
}

/// A row of `criteria_item`: one criterion of one document revision.
struct CriteriaItemRow: TableRecord {
  static let table = "criteria_item"
  static let columns = [
    "id", "document_id", "key", "section", "label", "expectation", "platforms", "not_applicable", "position",
    "notes",
  ]
  let id: Int64
  let documentID: Int64
  let key: ItemKey
  let section: CriteriaSection
  let label: String
  let expectation: String
  let platforms: [Platform]
  let notApplicable: Bool
  let notes: [String]

  init(row: Row) throws {
    id = try row.decode("id")
    documentID = try row.decode("document_id")
    key = try row.decode("key")
    section = try row.decode("section")
    label = try row.decode("label")
    expectation = try row.decode("expectation")
    platforms = try Self.platforms(try row.decode("platforms"), column: "platforms")
    notApplicable = try row.decode("not_applicable")
    notes = (try row.decode("notes") as String).split(separator: "\n").map(String.init)
  }

  /// The item as commands and bundles show it.
  var stored: StoredCriteriaItem {
    StoredCriteriaItem(
      key: key, section: section, label: label, expectation: expectation, platforms: platforms,
      notApplicable: notApplicable, notes: notes)
  }

  /// Reads a comma-separated platform list, refusing a name that is not a platform.
  static func platforms(_ text: String, column: String) throws -> [Platform] {
    try text.split(separator: ",").map { name in
      guard let platform = Platform(rawValue: String(name)) else {
        throw RowDecodingError(column: column, problem: "\(String(name).debugDescription) is not a platform")
      }
      return platform
    }
  }
}

/// A row of `gherkin_scenario`.
struct GherkinScenarioRow: TableRecord {
  static let table = "gherkin_scenario"
  static let columns = ["id", "title"]
  let id: Int64
  let title: String

  init(row: Row) throws {
    id = try row.decode("id")
    title = try row.decode("title")
  }
}

/// A row of `gherkin_step`.
struct GherkinStepRow: TableRecord {
  static let table = "gherkin_step"
  static let columns = ["keyword", "text", "depth"]
  let step: GherkinStep

  init(row: Row) throws {
    step = GherkinStep(
      keyword: try row.decode("keyword"), text: try row.decode("text"), depth: try row.decode("depth"))
  }
}

/// A row of `developer_note`.
struct DeveloperNoteRow: TableRecord {
  static let table = "developer_note"
  static let columns = ["platform", "framework", "topic", "text"]
  let note: DeveloperNote

  init(row: Row) throws {
    note = DeveloperNote(
      platform: try row.decode("platform"), framework: try row.decode("framework"),
      topic: try row.decode("topic"),
      text: try row.decode("text"))
  }
}

/// A row of `announcement_example`.
struct AnnouncementExampleRow: TableRecord {
  static let table = "announcement_example"
  static let columns = ["platform", "framework", "text"]
  let example: AnnouncementExample

  init(row: Row) throws {
    example = AnnouncementExample(
      platform: try row.decode("platform"), framework: try row.decode("framework"),
      text: try row.decode("text"))
  }
}

/// A row of `video_reference`.
struct VideoReferenceRow: TableRecord {
  static let table = "video_reference"
  static let columns = ["heading", "source_path", "caption_path", "platform", "assistive_tech", "browser"]
  let video: VideoReference

  init(row: Row) throws {
    var context = SessionContext()
    context.platform = try row.decode("platform") as Platform?
    context.assistiveTech = try row.decode("assistive_tech") as AssistiveTech?
    context.browser = try row.decode("browser") as Browser?
    video = VideoReference(
      heading: try row.decode("heading"), source: try row.decode("source_path"),
      caption: try row.decode("caption_path"), context: SessionContextValue(context))
  }
}

/// A row of `component_alias`: another name of a component.
struct ComponentAliasRow: TableRecord {
  static let table = "component_alias"
  static let columns = ["family", "alias", "component", "source"]
  let component: ComponentID
  let alias: String
  let source: String

  init(row: Row) throws {
    component = ComponentID(family: try row.decode("family"), slug: try row.decode("component"))
    alias = try row.decode("alias")
    source = try row.decode("source")
  }

  /// The alias with its family: `native/controls/segmented-control`.
  var qualifiedAlias: String { "\(component.family.rawValue)/\(alias)" }
}
