import Crypto
import ExhibitModel
import ExhibitStorage
import Foundation

/// A catalogue's team keys over one connection: added and revoked, each with its audit event
/// (`key.add`, `key.revoke`, subject `key:NAME`, recording the row), read for `verify`, and
/// replayed against the table.
struct TeamKeyLedger {
  let connection: any CatalogueSQL

  /// Every key, by name.
  /// - Throws: The backend's error.
  func keys() throws -> [TeamKey] {
    try connection.query(
      "SELECT name, public_key, fingerprint, added_at, added_by, revoked_at, revoked_by FROM team_key ORDER BY name"
    ).map { row in
      TeamKey(
        name: try row.decode("name"), publicKey: try row.decode("public_key"),
        fingerprint: try row.decode("fingerprint"), addedAt: try row.decode("added_at"),
        addedBy: try row.decode("added_by"), revokedAt: try row.decode("revoked_at"),
        revokedBy: try row.decode("revoked_by"))
    }
  }

  /// Registers `publicKey` (base64 of the 32 raw bytes) as `name`'s; audited.
  /// - Throws: ``TeamKeyError`` or the backend's error; nothing is stored then.
  func add(name: String, publicKey: String, actor: String) throws -> TeamKey {
    try connection.transaction {
      let existing = try keys()
      if let same = existing.first(where: { $0.publicKey == publicKey }) {
        throw TeamKeyError.alreadyRegistered(same.name)
      }
      if existing.contains(where: { $0.name == name }) { throw TeamKeyError.nameTaken(name) }
      let fingerprint = BagSignature.fingerprint(of: Data(base64Encoded: publicKey) ?? Data())
      let event = try connection.appendAuditEvent(
        AuditEntry(
          actor: actor, action: "key.add", subject: "key:\(name)",
          after: AuditJSON.object(["name": name, "public_key": publicKey, "fingerprint": fingerprint])))
      try connection.execute(
        "INSERT INTO team_key (name, public_key, fingerprint, added_at, added_by) VALUES (?, ?, ?, ?, ?)",
        [name, publicKey, fingerprint, event.at, actor])
      return TeamKey(
        name: name, publicKey: publicKey, fingerprint: fingerprint, addedAt: event.at, addedBy: actor,
        revokedAt: nil, revokedBy: nil)
    }
  }

  /// Revokes `name`'s key; audited. Bags it signed before keep verifying.
  /// - Throws: ``TeamKeyError`` or the backend's error; nothing is stored then.
  func revoke(name: String, actor: String) throws -> TeamKey {
    try connection.transaction {
      guard let key = try keys().first(where: { $0.name == name }) else { throw TeamKeyError.unknown(name) }
      guard key.revokedAt == nil else { throw TeamKeyError.alreadyRevoked(name) }
      let event = try connection.appendAuditEvent(
        AuditEntry(
          actor: actor, action: "key.revoke", subject: "key:\(name)",
          before: AuditJSON.object(["name": name, "fingerprint": key.fingerprint]),
          after: AuditJSON.object(["name": name, "fingerprint": key.fingerprint, "revoked": "true"])))
      try connection.execute(
        "UPDATE team_key SET revoked_at = ?, revoked_by = ? WHERE name = ?", [event.at, actor, name])
      return TeamKey(
        name: name, publicKey: key.publicKey, fingerprint: key.fingerprint, addedAt: key.addedAt,
        addedBy: key.addedBy, revokedAt: event.at, revokedBy: actor)
    }
  }

  /// What the trail says of `publicKey` when the event with hash `head` (a bag's audit head) was
  /// the newest: registered, revoked before, registered only after, or unknown.
  /// - Throws: The backend's error.
  func standing(of publicKey: String, atHead head: String) throws -> TeamKeyStanding {
    guard
      let name: String = try connection.first(
        "SELECT name FROM team_key WHERE public_key = ?", [publicKey])?.decode("name")
    else { return .unknown }
    let made: Int64 =
      try connection.first("SELECT id FROM audit_event WHERE hash = ?", [head])?.decode("id") ?? Int64.max
    var added: Int64?
    var revoked: Int64?
    for row in try connection.query(
      "SELECT id, action FROM audit_event WHERE subject = ? AND action LIKE 'key.%' ORDER BY id",
      ["key:\(name)"])
    {
      let id: Int64 = try row.decode("id")
      switch try row.decode("action") as String {
      case "key.add": added = added ?? id
      case "key.revoke": revoked = revoked ?? id
      default: continue
      }
    }
    guard let added, added <= made else { return .addedLater(name) }
    if let revoked, revoked <= made { return .revoked(name) }
    return .registered(name)
  }

  /// Every key row that disagrees with the `key.*` events of the trail.
  /// - Throws: The backend's error.
  func disagreements() throws -> [AuditChainReport.Problem] {
    var recorded: [String: (publicKey: String, revoked: Bool, actor: String, at: String)] = [:]
    for row in try connection.query(
      "SELECT at, actor, action, after FROM audit_event WHERE action LIKE 'key.%' ORDER BY id")
    {
      let fields = AuditJSON.fields(row.string("after"))
      guard let name = fields["name"] else { continue }
      switch row.string("action") {
      case "key.add":
        recorded[name] = (
          fields["public_key"] ?? "", false, row.string("actor") ?? "", row.string("at") ?? ""
        )
      case "key.revoke": recorded[name]?.revoked = true
      default: continue
      }
    }
    var problems: [AuditChainReport.Problem] = []
    let keys = try self.keys()
    for key in keys {
      guard let event = recorded[key.name] else {
        problems.append(
          .init(
            path: "key:\(key.name)",
            problem: "no key.add event records it: it was added behind the audit trail"))
        continue
      }
      if event.publicKey != key.publicKey || event.actor != key.addedBy || event.at != key.addedAt {
        problems.append(
          .init(path: "key:\(key.name)", problem: "its key or who added it differs from its key.add event"))
      }
      if event.revoked != (key.revokedAt != nil) {
        problems.append(
          .init(
            path: "key:\(key.name)",
            problem: event.revoked
              ? "the audit trail revoked it, but its row stands"
              : "its row is revoked without a key.revoke event"))
      }
    }
    for name in recorded.keys.sorted() where !keys.contains(where: { $0.name == name }) {
      problems.append(
        .init(path: "key:\(name)", problem: "the audit trail records this key, but its row is gone"))
    }
    return problems
  }

  /// The base64 public key a file holds: `exhibit keys public`'s line, or the 32 raw bytes.
  /// - Throws: ``TeamKeyError/unreadable(path:reason:)``.
  static func publicKey(inFile path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TeamKeyError.unreadable(path: path, reason: "the file cannot be read")
    }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    let raw = Data(base64Encoded: text) ?? (data.count == 32 ? data : nil)
    guard let raw, raw.count == 32, (try? Curve25519.Signing.PublicKey(rawRepresentation: raw)) != nil else {
      throw TeamKeyError.unreadable(
        path: path,
        reason: "expected an Ed25519 public key: one line of base64, as `exhibit keys public` writes it")
    }
    return raw.base64EncodedString()
  }
}
