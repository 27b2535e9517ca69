import ExhibitSQLite
import ExhibitStorage
import Foundation

/// Re-keys components that earlier releases named after their prose (`How to test a segemented
/// control tabs` gave `native/segemented-control-tabs`) to MagentaA11y's own name, keeping their
/// revisions, items, links and audit history, and records every component's aliases.
///
/// Runs once, as schema migration 3, inside its transaction. A component is renamed only when
/// its stored name is what its prose says (read from the stored General Notes, a Jekyll title, or
/// the document itself when its file is still there), so a name given with `--component` stays.
/// The new name is the document's "Full information" link when the file can be read, else its
/// file name. The old name becomes an alias, so old item keys still resolve, and the rename is
/// an audit event.
enum ComponentRekeying {
  /// Who the audit trail says renamed the components.
  static let actor = "exhibit (schema migration 3)"

  /// A stored criteria document, as much as naming needs.
  private struct StoredDocument {
    let id: Int64
    let family: Family
    let component: String
    let category: String
    let title: String
    let sourcePath: String
    let format: CriteriaFormat
    let revision: Int
    let sha256: String
    let generalNotes: String

    init(_ row: Row) throws {
      id = try row.decode("id")
      family = try row.decode("family")
      component = try row.decode("component")
      category = try row.decode("category")
      title = try row.decode("title")
      sourcePath = try row.decode("source_path")
      format = try row.decode("format")
      revision = try row.decode("revision")
      sha256 = try row.decode("sha256")
      generalNotes = try row.decode("general_notes")
    }

    var componentID: String { "\(family.rawValue)/\(component)" }

    /// The slug of the name the prose gives, from what the database holds.
    var proseSlug: String? {
      for line in generalNotes.split(separator: "\n") {
        if let slug = DocumentIdentity.fromHowToTest(String(line)) { return slug }
      }
      return format == .jekyllFrontMatter && !title.isEmpty ? CriteriaText.slug(title) : nil
    }
  }

  /// Renames what needs it, then records the aliases of every document.
  /// - Throws: ``SQLiteError``; the migration's transaction then rolls back.
  static func run(on connection: Connection) throws {
    let documents = try storedDocuments(connection)
    let groups = Dictionary(grouping: documents, by: \.componentID)
    for id in groups.keys.sorted() {
      guard let group = groups[id], let target = try newName(for: group, connection) else { continue }
      try rename(group, to: target, connection)
    }
    for document in try storedDocuments(connection) {
      var names = aliases(of: document)
      // The document itself, when it is still there and names the same component, knows more:
      // its link's category path.
      if let parsed = parse(document), parsed.family == document.family,
        parsed.component == document.component
      {
        names += parsed.aliases
        if document.category != parsed.category, !parsed.category.isEmpty {
          try connection.execute(
            "UPDATE criteria_document SET category = ? WHERE id = ?", [parsed.category, document.id])
        }
      }
      for alias in Set(names) {
        try connection.execute(
          "INSERT INTO component_alias (family, alias, component, source) VALUES (?, ?, ?, 'document') ON CONFLICT DO NOTHING",
          [document.family.rawValue, alias, document.component])
      }
    }
  }

  private static func storedDocuments(_ connection: Connection) throws -> [StoredDocument] {
    try connection.query(
      """
      SELECT id, family, component, category, title, source_path, format, revision, sha256, general_notes
      FROM criteria_document ORDER BY family, component, id
      """
    ).map { row in try RowDecodingError.reading("criteria_document") { try StoredDocument(row) } }
  }

  /// MagentaA11y's name for a group of documents filed under one prose-derived name, or nil
  /// when the name stands.
  private static func newName(for group: [StoredDocument], _ connection: Connection) throws -> String? {
    guard let current = group.first?.component, let family = group.first?.family else { return nil }
    // Best format first, newest revision first: its document names the component.
    let ordered = group.sorted {
      ($0.format.precedence, -$0.revision) < ($1.format.precedence, -$1.revision)
    }
    var proseNames = Set(group.compactMap(\.proseSlug))
    var canonical: String?
    for document in ordered {
      if let parsed = parse(document), parsed.family == family {
        proseNames.formUnion(parsed.aliases)
        canonical = canonical ?? parsed.component
      } else if let fileName = DocumentIdentity.fromPath(document.sourcePath).component {
        canonical = canonical ?? fileName
      }
    }
    guard let canonical, canonical != current, proseNames.contains(current) else { return nil }
    // The same bytes already stored under the new name cannot be a second revision of it.
    for document in group {
      let duplicate = try connection.first(
        "SELECT 1 AS found FROM criteria_document WHERE family = ? AND component = ? AND format = ? AND sha256 = ?",
        [family.rawValue, canonical, document.format.rawValue, document.sha256])
      if duplicate != nil { return nil }
    }
    return canonical
  }

  /// The document as the current parser reads it from its file, when the file is still there.
  private static func parse(_ document: StoredDocument) -> CriteriaDocument? {
    guard
      let bytes = try? CriteriaFiles.readRegularFile(
        document.sourcePath, limit: TextLines.maximumDocumentBytes + 1),
      case .document(let parsed)? = try? CriteriaParser().parse(bytes: bytes, path: document.sourcePath)
    else { return nil }
    return parsed
  }

  /// Moves a group's revisions, item keys and recordings to `target`, after any revisions the
  /// target already has, keeps the old name as an alias and audits the rename.
  private static func rename(_ group: [StoredDocument], to target: String, _ connection: Connection) throws {
    guard let first = group.first else { return }
    let family = first.family.rawValue
    let oldID = first.componentID
    let newID = "\(family)/\(target)"
    for format in Set(group.map(\.format)) {
      let offset =
        try connection.first(
          "SELECT coalesce(max(revision), 0) AS top FROM criteria_document WHERE family = ? AND component = ? AND format = ?",
          [family, target, format.rawValue])?.decode("top") ?? 0
      for document in group where document.format == format {
        try connection.execute(
          "UPDATE criteria_document SET component = ?, revision = ? WHERE id = ?",
          [target, document.revision + offset, document.id])
        try connection.execute(
          "UPDATE criteria_item SET key = ? || substr(key, ?) WHERE document_id = ?",
          [newID, oldID.count + 1, document.id])
      }
    }
    try connection.execute(
      "UPDATE recording SET component = ? WHERE family = ? AND component = ?",
      [target, family, first.component])
    try connection.execute(
      "INSERT INTO component_alias (family, alias, component, source) VALUES (?, ?, ?, 'renamed') ON CONFLICT DO NOTHING",
      [family, first.component, target])
    try connection.execute(
      "UPDATE component_alias SET component = ? WHERE family = ? AND component = ? AND source = 'renamed'",
      [target, family, first.component])
    try AuditLog.append(
      connection, actor: actor, action: "component.rename", subject: newID,
      before: AuditJSON.object(["component": oldID]),
      after: AuditJSON.object([
        "component": newID, "reason": "MagentaA11y's own name (Full information link, else file name)",
      ]),
      // Migration 3 runs before audit_subject exists; migration 8 indexes this event.
      indexed: false)
  }

  /// The names a stored document gives its component besides the component itself.
  private static func aliases(of document: StoredDocument) -> [String] {
    let path = DocumentIdentity.fromPath(document.sourcePath)
    var names = [path.component, document.proseSlug]
    for category in [document.category, path.category ?? ""] where !category.isEmpty {
      names.append("\(CriteriaText.slug(category))/\(document.component)")
    }
    var seen: Set<String> = [document.component]
    return names.compactMap { $0 }.filter { !$0.isEmpty && seen.insert($0).inserted }
  }
}
