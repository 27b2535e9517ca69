/// The rules a link must meet before it is stored: pure functions of the request, the item and
/// the recording, tested without a database or media.
enum LinkRules {
  /// What a rule needs to know of the recording.
  struct RecordingFacts: Sendable {
    var component: ComponentID?
    var platform: Platform?
    var durationSeconds: Double
  }

  /// The overrides a link carries.
  struct Overrides: Sendable, Equatable {
    var platform: Bool
    var component: Bool
  }

  /// The segment in whole milliseconds: none for the whole recording, else a non-empty range
  /// within the recording (a thousandth of a second of slack at the end).
  /// - Throws: ``EvidenceError`` for half a segment, an empty or inverted one, one past the end,
  ///   or one shorter than a millisecond.
  static func segment(from: Double?, to: Double?, durationSeconds: Double) throws -> (start: Int?, end: Int?)
  {
    switch (from, to) {
    case (nil, nil): return (nil, nil)
    case (let from?, let to?):
      guard from >= 0, to > from else { throw EvidenceError.segmentEmpty(from: from, to: to) }
      guard to <= durationSeconds + 0.001 else {
        throw EvidenceError.segmentOutside(from: from, to: to, duration: durationSeconds)
      }
      let start = Int((from * 1000).rounded())
      let end = Int((to * 1000).rounded())
      // Stored in whole milliseconds: a shorter segment would be empty.
      guard end > start else { throw EvidenceError.segmentTooShort(from: from, to: to) }
      return (start, end)
    default: throw EvidenceError.segmentIncomplete
    }
  }

  /// The overrides a request needs: a recording of another component, or of a platform the item
  /// does not apply to (or of no known platform), is evidence only when the auditor says so.
  /// - Throws: ``EvidenceError`` naming what the auditor must confirm.
  static func overrides(_ request: LinkRequest, item: CurrentItem, recording: RecordingFacts) throws
    -> Overrides
  {
    var overrides = Overrides(platform: false, component: false)
    if let component = recording.component, !item.key.hasPrefix("\(component)#") {
      guard request.overrideComponent else {
        throw EvidenceError.itemNotForComponent(
          recording: request.recording ?? "the observation", item: item.key, component: component.description)
      }
      overrides.component = true
    }
    if let platform = recording.platform {
      if !item.platforms.contains(platform) {
        guard request.overridePlatform else {
          throw EvidenceError.itemNotForPlatform(
            item: item.key, platform: platform.rawValue, applies: item.platforms.map(\.rawValue))
        }
        overrides.platform = true
      }
    } else {
      guard request.overridePlatform else {
        throw EvidenceError.platformUnknown(recording: request.recording ?? "the observation", item: item.key)
      }
      overrides.platform = true
    }
    return overrides
  }
}

extension LinkRules {
  /// Refuses a link to a component outside the audit's scope, unless the auditor says it is meant
  /// (`--outside-scope`), naming the scope and how to widen it.
  /// - Throws: ``AuditError/outsideScope(item:audit:scope:)``.
  static func requireScope(_ request: LinkRequest, item: CurrentItem, audit: Audit) throws {
    guard !request.outsideScope, let component = ItemKey(item.key)?.component,
      !AuditRegistry.scope(audit.scope, contains: component)
    else { return }
    throw AuditError.outsideScope(item: item.key, audit: audit.identity, scope: audit.scope)
  }

  /// What a link's event records of its being outside the audit's scope: only that it is, when it is.
  static func outsideScopeField(_ outside: Bool) -> [String: String?] {
    outside ? ["outside_scope": "true"] : [:]
  }
}
