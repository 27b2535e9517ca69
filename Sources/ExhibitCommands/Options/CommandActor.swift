import ExhibitKit
import Foundation

/// Who a command acts as, for the audit trail; warns once when no one can be named.
enum CommandActor {
  /// `--auditor`, `$EXHIBIT_AUDITOR`, `$USER`, the process's account or its login name; else
  /// `unknown`, with a warning that says how to name oneself.
  static func current(explicit: String? = nil) -> String {
    if let name = Actor.named(explicit: explicit, environment: ProcessInfo.processInfo.environment) {
      return name
    }
    Console.warning(
      "no user name could be found ($USER is empty and the account has none): the audit trail records "
        + "this as \(Actor.unknown); set $\(Actor.environmentVariable) or pass --auditor")
    return Actor.unknown
  }
}
