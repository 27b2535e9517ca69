import ExhibitSQLite
import ExhibitStorage
import Foundation

extension Schema {
  /// Who the audit trail says made the audit a workspace's earlier links moved into.
  static let migrationActor = "exhibit migration"

  /// Migration 17's Swift step: the audit its SQL made for a workspace's earlier links is named
  /// after the workspace folder, and the audit trail records the product and the audit, the
  /// audit's event saying it adopts every link made before it (`verify` replays it so).
  static func adoptEarlierLinks(_ connection: Connection) throws {
    guard
      let row = try connection.first(
        "SELECT a.id, a.product_id, a.opened_at FROM audit a ORDER BY a.id LIMIT 1")
    else { return }
    let auditID: Int64 = try row.decode("id")
    let productID: Int64 = try row.decode("product_id")
    let name = workspaceName(databasePath: connection.path)
    try connection.execute("UPDATE audit SET name = ? WHERE id = ?", [name, auditID])
    let links: Int64 = try connection.first("SELECT count(*) AS n FROM evidence_link")?.decode("n") ?? 0
    try AuditLog.append(
      connection, actor: migrationActor, action: "product.create", subject: "product:\(productID)",
      after: AuditJSON.object(["name": AuditRegistry.defaultProduct, "platforms": "", "url": nil]))
    try AuditLog.append(
      connection, actor: migrationActor, action: "audit.create", subject: "audit:\(auditID)",
      after: AuditJSON.object([
        "product": AuditRegistry.defaultProduct, "release": AuditRegistry.defaultRelease, "name": name,
        "scope": "", "platforms": "", "adopts": "every earlier link", "links": String(links),
      ]))
  }

  /// The workspace folder's name: the folder above `Database/`, else the database's own folder.
  static func workspaceName(databasePath path: String) -> String {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let workspace = folder.lastPathComponent == "Database" ? folder.deletingLastPathComponent() : folder
    let name = workspace.lastPathComponent
    return name.isEmpty || name == "/" ? "workspace" : name
  }
}
