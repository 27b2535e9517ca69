import ExhibitSQLite
import ExhibitStorage

/// Gives back components that another file's document took over.
///
/// Releases before schema 16 named a markdown document by its "Full information" link, which is
/// written by hand and can point at another component: MagentaA11y's `native/notifications/
/// modal.md` links to segmented-control, so importing it made the modal's criteria revision 2 of
/// `native/segmented-control`. This repair finds every revision that came from another file than
/// its component's revision 1 (compared as MagentaA11y lays files out, so a moved checkout is the
/// same file) and whose file name names another component, and files it, with every later revision
/// from that file, under its own name. Items move with their document, so every link stays on the
/// revision it was judged against; the component taken over has its own revision current again.
/// Each move is a `criteria.rekey` audit event, and the migration (Schema) attributes recordings again afterwards.
///
/// Runs once, as schema migration 16, inside its transaction.
enum TakeoverRepair {
  /// Who the audit trail says moved the documents.
  static let actor = "exhibit (schema migration 16)"

  private struct Revision {
    let id: Int64
    let family: String
    let component: String
    let format: String
    let revision: Int
    let sourcePath: String
  }

  /// Moves every taken-over revision to its own component; the migration then attributes
  /// recordings again when any moved.
  /// - Returns: How many revisions moved.
  /// - Throws: ``SQLiteError``; the migration's transaction then rolls back.
  static func run(on connection: Connection) throws -> Int {
    let rows = try connection.query(
      "SELECT id, family, component, format, revision, source_path FROM criteria_document ORDER BY family, component, format, revision"
    )
    let revisions = try rows.map { row in
      Revision(
        id: try row.decode("id"), family: try row.decode("family"), component: try row.decode("component"),
        format: try row.decode("format"), revision: try row.decode("revision"),
        sourcePath: try row.decode("source_path"))
    }
    var moved = 0
    for group in Dictionary(grouping: revisions, by: { "\($0.family)/\($0.component)|\($0.format)" }).values {
      let ordered = group.sorted { $0.revision < $1.revision }
      guard let first = ordered.first, ordered.count > 1 else { continue }
      let home = DocumentIdentity.placedPath(first.sourcePath)
      for revision in ordered.dropFirst() where DocumentIdentity.placedPath(revision.sourcePath) != home {
        let path = DocumentIdentity.fromPath(revision.sourcePath)
        guard revision.format != CriteriaFormat.renderedText.rawValue, let slug = path.component,
          slug != revision.component
        else { continue }
        try move(revision, to: (path.family?.rawValue ?? revision.family, slug), connection)
        moved += 1
      }
    }
    return moved
  }

  /// Files one revision under `target`, after the revisions it already has there.
  private static func move(
    _ revision: Revision, to target: (family: String, slug: String), _ connection: Connection
  )
    throws
  {
    let top: Int =
      try connection.first(
        "SELECT coalesce(max(revision), 0) AS top FROM criteria_document WHERE family = ? AND component = ? AND format = ?",
        [target.family, target.slug, revision.format])?.decode("top") ?? 0
    let oldID = "\(revision.family)/\(revision.component)"
    let newID = "\(target.family)/\(target.slug)"
    try connection.execute(
      "UPDATE criteria_document SET family = ?, component = ?, revision = ? WHERE id = ?",
      [target.family, target.slug, top + 1, revision.id])
    try connection.execute(
      "UPDATE criteria_item SET key = ? || substr(key, ?) WHERE document_id = ?",
      [newID, oldID.count + 1, revision.id])
    // The file name the old release made an alias of the component it took over names its own now.
    try connection.execute(
      "DELETE FROM component_alias WHERE family = ? AND alias = ? AND component = ?",
      [target.family, target.slug, revision.component])
    let links = try connection.query(
      """
      SELECT l.id FROM evidence_link l JOIN criteria_item i ON i.id = l.item_id
      WHERE i.document_id = ? ORDER BY l.id
      """, [revision.id]
    ).compactMap { $0.int64("id") }
    try AuditLog.append(
      connection, actor: actor, action: "criteria.rekey", subject: newID,
      before: AuditJSON.object([
        "component": oldID, "format": revision.format, "revision": String(revision.revision),
      ]),
      after: AuditJSON.object([
        "component": newID, "format": revision.format, "revision": String(top + 1),
        "source_path": revision.sourcePath, "links": links.map(String.init).joined(separator: ","),
        "reason": "its file name names it; it had taken over \(oldID) after its Full information link",
      ]))
  }
}
