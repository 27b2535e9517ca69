import ExhibitKit
import Foundation

/// An audit event as a sentence a reviewer reads: "nina judged native/checkbox#screenreader.role
/// fail, 0:03.5–0:10.9: “says not checked”". The event's JSON stays one click away on the page.
enum EventSentence {
  /// What each kind of event did, for those told by their subject alone.
  private static let verbs: [String: String] = [
    "account.add": "added the account", "account.remove": "removed the account",
    "audit.create": "opened", "audit.close": "closed", "audit.rename": "renamed",
    "audit.scope": "changed the scope of", "product.create": "added the product",
    "component.rename": "renamed the component", "criteria.import": "imported the criteria of",
    "criteria.rekey": "re-keyed the criteria of", "criteria.restore": "restored the criteria of",
    "criteria.feature": "recorded the Gherkin of", "criteria.baseline": "recorded the criteria baseline of",
    "recording.catalog": "catalogued", "recording.update": "updated", "recording.move": "recorded a move of",
    "recording.missing": "noted as missing", "recording.attribute": "said what is recorded in",
    "recording.baseline": "recorded the baseline of", "caption.index": "indexed the captions of",
    "caption.baseline": "recorded the caption baseline of",
    "key.add": "registered the signing key of", "key.revoke": "revoked the signing key of",
  ]

  /// The sentence for `event`.
  static func text(_ event: AuditEvent) -> String {
    let after = AuditJSON.fields(event.after)
    let before = AuditJSON.fields(event.before)
    let actor = event.actor
    switch event.action {
    case "link.create":
      return "\(actor) judged \(after["item"] ?? event.subject) \(after["verdict"] ?? "")"
        + evidence(after) + note(after["note"])
    case "link.confirm":
      return
        "\(actor) confirmed the carried verdict \(after["verdict"] ?? "") on \(after["item"] ?? event.subject)"
        + evidence(after) + note(after["note"])
    case "link.carry":
      return "\(actor) carried \(after["verdict"] ?? "the verdict") on \(after["item"] ?? event.subject) "
        + "into audit \(after["audit"] ?? "?") from link \(after["carried_from"] ?? "?")"
    case "link.retract":
      let link = event.subject.replacingOccurrences(of: "link:", with: "link ")
      let what = before["item"].map { " (\($0) \(before["verdict"] ?? ""))" } ?? ""
      return "\(actor) retracted \(link)\(what)" + note(after["reason"])
    case "suggestion.dismiss":
      return "\(actor) dismissed the suggestion \(after["item"] ?? event.subject) as not evidence"
        + note(after["note"])
    case let action where action.hasPrefix("finding."):
      return finding(event, after: after)
    default:
      let verb = verbs[event.action] ?? "did \(event.action) on"
      return "\(actor) \(verb) \(subjectName(event.subject, after: after))"
    }
  }

  /// A finding's event: what moved it, and where it stands after.
  private static func finding(_ event: AuditEvent, after: [String: String]) -> String {
    let reference = after["finding"] ?? event.subject
    let status = after["status"] ?? ""
    let why = note(after["reason"])
    switch event.action {
    case "finding.open": return "\(event.actor) opened \(reference): \(after["title"] ?? "")"
    case "finding.status":
      return
        "\(event.actor) moved \(reference) to \(status) with the verdicts of audit \(after["status_round"] ?? "?")"
    case "finding.merge":
      return after["merged_into"].map { "\(event.actor) merged \(reference) into F-\($0)" }
        ?? "\(event.actor) merged findings into \(reference)"
    case "finding.file":
      return "\(event.actor) filed \(reference) as \(after["tracker_key"] ?? "an issue") (\(status))"
    case "finding.sync": return "\(event.actor) read \(reference)'s issue back: \(status)\(why)"
    default:
      return "\(event.actor) set \(reference): \(after["severity"] ?? "") severity, \(status)\(why)"
    }
  }

  /// The segment, or what else the verdict rests on.
  private static func evidence(_ fields: [String: String]) -> String {
    if let from = fields["from"].flatMap(Double.init), let to = fields["to"].flatMap(Double.init) {
      return ", \(DisplayText.clock(from))–\(DisplayText.clock(to))"
    }
    if fields["recording"] == nil { return ", observed without a recording" }
    return ", the whole recording"
  }

  private static func note(_ text: String?) -> String {
    guard let text, !text.isEmpty else { return "" }
    return ": \u{201C}\(text)\u{201D}"
  }

  private static func subjectName(_ subject: String, after: [String: String]) -> String {
    if subject.hasPrefix("recording:") {
      return after["path"].map { URLText.fileName($0) } ?? "recording \(subject.dropFirst(10).prefix(12))…"
    }
    if subject.hasPrefix("audit:") { return "audit \(subject.dropFirst(6))" }
    return subject
  }
}
