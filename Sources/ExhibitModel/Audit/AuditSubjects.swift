import Foundation

/// The subjects an audit event touches, kept in `audit_subject` by the transaction that appends
/// the event, so history finds events by an index instead of searching their JSON.
///
/// An event touches its own subject, stored as it is (`native/checkbox`, `recording:<sha256>`,
/// `link:12`), and what its JSON names, each with a prefix that says how it is touched:
/// - the item, `item:native/checkbox#screenreader.role`, and its component,
///   `item-component:native/checkbox`;
/// - the recording a link is about, `linked-recording:<sha256>`.
package enum AuditSubjects {
  /// The subjects of an event, without repeats, in a stable order.
  package static func of(subject: String, before: String?, after: String?) -> [String] {
    var subjects = [subject]
    for json in [before, after] {
      let fields = AuditJSON.fields(json)
      if let item = fields["item"] {
        subjects.append("item:\(item)")
        if let hash = item.firstIndex(of: "#") { subjects.append("item-component:\(item[..<hash])") }
      }
      if let recording = fields["recording"], !recording.isEmpty {
        subjects.append("linked-recording:\(recording)")
      }
    }
    var seen = Set<String>()
    return subjects.filter { seen.insert($0).inserted }
  }
}
