import Crypto

/// What a criteria item means, as the audit trail records it: a SHA-256 over the item's local key,
/// section, label, expectation, platforms, whether it is not applicable and its notes (only when
/// it has some, so items imported before notes existed keep their digests). A criteria import
/// event lists one line per item (``line``), so `exhibit verify` can name an item whose meaning
/// was changed in the tables, and an item added or deleted there, and a bag's checker can tell an
/// item of the manifest from the one that was imported.
package struct CriteriaItemDigest: Sendable, Equatable {
  /// The item's key without its component (`screenreader.role`): it survives renames.
  var localKey: String
  /// Platform names, sorted.
  var platforms: [String]
  var digest: String

  init(
    localKey: String, section: String, label: String, expectation: String, platforms: [String],
    notApplicable: Bool, notes: [String] = []
  ) {
    self.localKey = localKey
    self.platforms = platforms.sorted()
    var hasher = SHA256()
    var fields = [
      localKey, section, label, expectation, self.platforms.joined(separator: ","), notApplicable ? "1" : "0",
    ]
    if !notes.isEmpty { fields.append(notes.joined(separator: "\n")) }
    for field in fields {
      let bytes = Array(field.utf8)
      hasher.update(data: Array("\(bytes.count):".utf8))
      hasher.update(data: bytes)
    }
    digest = hasher.finalize().hexString
  }

  /// The digest of a parsed item.
  init(_ item: CriteriaItem) {
    self.init(
      localKey: item.localKey, section: item.section.rawValue, label: item.label,
      expectation: item.expectation,
      platforms: item.platforms.map(\.rawValue), notApplicable: item.notApplicable, notes: item.notes)
  }

  /// The digest of a stored item.
  package init(stored item: StoredCriteriaItem) {
    self.init(
      localKey: Self.localKey(of: item.key.description), section: item.section.rawValue, label: item.label,
      expectation: item.expectation, platforms: item.platforms.map(\.rawValue),
      notApplicable: item.notApplicable,
      notes: item.notes)
  }

  /// The part of a full key (`native/checkbox#screenreader.role`) after `#`.
  static func localKey(of key: String) -> String {
    key.firstIndex(of: "#").map { String(key[key.index(after: $0)...]) } ?? key
  }

  /// `screenreader.role ios,android 3f…`: one line of an event's `item_hashes`.
  var line: String { "\(localKey) \(platforms.joined(separator: ",")) \(digest)" }

  /// The `item_hashes` text of a document's items, in their order.
  package static func text(_ digests: [CriteriaItemDigest]) -> String {
    digests.map(\.line).joined(separator: "\n")
  }

  /// Reads an `item_hashes` text back, by local key; nil for a text that is not one.
  static func parse(_ text: String) -> [String: (platforms: [String], digest: String)]? {
    var found: [String: (platforms: [String], digest: String)] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: " ", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[2].count == 64 else { return nil }
      found[String(parts[0])] = (
        parts[1].split(separator: ",").map(String.init), String(parts[2])
      )
    }
    return found
  }
}
